#pragma once
// How a shape is written to the `shape` (int8 code) and `shape_params` (4 numbers) datasets:
// the code and the three parameters of geometry/shapes/shape_parameters.hpp, then a zero:
// sphere [r, 0, 0, 0], ellipsoid [a, b, c, 0], spherocylinder [radius, length, 0, 0],
// torus [major_radius, minor_radius, 0, 0] (docs/output.md).

#include <array>
#include <cstdint>

#include "geometry/shapes/shape.hpp"

namespace relcp::io {

std::int8_t shape_code(const geometry::Shape& shape);
std::array<double, 4> shape_parameter_columns(const geometry::Shape& shape);
// Throws RunTimeFailure for an unknown code.
geometry::Shape shape_from_columns(std::int8_t code, const std::array<double, 4>& parameters);

}  // namespace relcp::io
