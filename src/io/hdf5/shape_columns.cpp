#include "io/hdf5/shape_columns.hpp"

#include <string>
#include <variant>

#include "core/error.hpp"

namespace relcp::io {
namespace {

std::array<double, 4> parameters_of(const geometry::Sphere& s) { return {s.radius, 0.0, 0.0, 0.0}; }
std::array<double, 4> parameters_of(const geometry::Ellipsoid& e) {
  return {e.radii[0], e.radii[1], e.radii[2], 0.0};
}
std::array<double, 4> parameters_of(const geometry::Spherocylinder& c) {
  return {c.radius, c.length, 0.0, 0.0};
}
std::array<double, 4> parameters_of(const geometry::Torus& t) {
  return {t.major_radius, t.minor_radius, 0.0, 0.0};
}

}  // namespace

std::int8_t shape_code(const geometry::Shape& shape) {
  return static_cast<std::int8_t>(geometry::kind_of(shape));
}

std::array<double, 4> shape_parameters(const geometry::Shape& shape) {
  return std::visit([](const auto& kind) { return parameters_of(kind); }, shape);
}

geometry::Shape shape_from_columns(std::int8_t code, const std::array<double, 4>& p) {
  switch (static_cast<geometry::ShapeKind>(code)) {
    case geometry::ShapeKind::sphere: return geometry::Sphere{p[0]};
    case geometry::ShapeKind::ellipsoid: return geometry::Ellipsoid{Vec3(p[0], p[1], p[2])};
    case geometry::ShapeKind::spherocylinder: return geometry::Spherocylinder{p[0], p[1]};
    case geometry::ShapeKind::torus: return geometry::Torus{p[0], p[1]};
  }
  throw RunTimeFailure("unknown shape code " + std::to_string(code));
}

}  // namespace relcp::io
