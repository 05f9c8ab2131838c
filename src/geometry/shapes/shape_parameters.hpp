#pragma once
// A shape as its ShapeKind code (shape.hpp) and three numbers: the one encoding of the body
// records of messages and checkpoints (particles/body_codec.hpp) and of the HDF5 snapshots
// (io/hdf5/shape_columns.hpp, docs/output.md).
//   sphere [radius, 0, 0], ellipsoid [a, b, c], spherocylinder [radius, length, 0],
//   torus [major_radius, minor_radius, 0]

#include <array>
#include <cstddef>
#include <optional>

#include "geometry/shapes/shape.hpp"

namespace relcp::geometry {

inline constexpr std::size_t kShapeParameterCount = 3;
using ShapeParameters = std::array<double, kShapeParameterCount>;

ShapeParameters shape_parameters(const Shape& shape);
// Nothing for a code outside ShapeKind (a corrupt record or file).
std::optional<Shape> shape_from_parameters(ShapeKind kind, const ShapeParameters& parameters);

}  // namespace relcp::geometry
