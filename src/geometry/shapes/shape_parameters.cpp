#include "geometry/shapes/shape_parameters.hpp"

#include <variant>

namespace relcp::geometry {
namespace {

ShapeParameters parameters_of(const Sphere& s) { return {s.radius, 0.0, 0.0}; }
ShapeParameters parameters_of(const Ellipsoid& e) { return {e.radii[0], e.radii[1], e.radii[2]}; }
ShapeParameters parameters_of(const Spherocylinder& c) { return {c.radius, c.length, 0.0}; }
ShapeParameters parameters_of(const Torus& t) { return {t.major_radius, t.minor_radius, 0.0}; }

}  // namespace

ShapeParameters shape_parameters(const Shape& shape) {
  return std::visit([](const auto& body) { return parameters_of(body); }, shape);
}

std::optional<Shape> shape_from_parameters(ShapeKind kind, const ShapeParameters& p) {
  switch (kind) {
    case ShapeKind::sphere:
      return Sphere{p[0]};
    case ShapeKind::ellipsoid:
      return Ellipsoid{Vec3(p[0], p[1], p[2])};
    case ShapeKind::spherocylinder:
      return Spherocylinder{p[0], p[1]};
    case ShapeKind::torus:
      return Torus{p[0], p[1]};
  }
  return std::nullopt;
}

}  // namespace relcp::geometry
