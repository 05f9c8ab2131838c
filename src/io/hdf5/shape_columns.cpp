#include "io/hdf5/shape_columns.hpp"

#include <optional>
#include <string>

#include "core/error.hpp"
#include "geometry/shapes/shape_parameters.hpp"

namespace relcp::io {

std::int8_t shape_code(const geometry::Shape& shape) { return static_cast<std::int8_t>(geometry::kind_of(shape)); }

std::array<double, 4> shape_parameter_columns(const geometry::Shape& shape) {
  const geometry::ShapeParameters p = geometry::shape_parameters(shape);
  return {p[0], p[1], p[2], 0.0};
}

geometry::Shape shape_from_columns(std::int8_t code, const std::array<double, 4>& p) {
  const std::optional<geometry::Shape> shape =
      geometry::shape_from_parameters(static_cast<geometry::ShapeKind>(code), {p[0], p[1], p[2]});
  if (!shape) throw RunTimeFailure("unknown shape code " + std::to_string(code));
  return *shape;
}

}  // namespace relcp::io
