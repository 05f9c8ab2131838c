#pragma once
// A circle in space, parametrized by angle: point(angle) = centre + radius (cos u + sin v).

#include <cmath>

#include "core/types.hpp"
#include "geometry/shapes/pose.hpp"
#include "geometry/shapes/shape.hpp"

namespace relcp::geometry {

struct Circle {
  Vec3 centre = Vec3::Zero();
  Vec3 u = Vec3::UnitX();     // unit, in the plane; angle 0
  Vec3 v = Vec3::UnitY();     // unit, in the plane; angle pi/2
  Vec3 axis = Vec3::UnitZ();  // unit, u x v
  double radius = 1.0;

  Vec3 radial(double angle) const { return std::cos(angle) * u + std::sin(angle) * v; }
  Vec3 point(double angle) const { return centre + radius * radial(angle); }
  // d point / d angle
  Vec3 tangent(double angle) const { return radius * (-std::sin(angle) * u + std::cos(angle) * v); }
};

// The centreline of a torus: radius major_radius in the body xy-plane, angle 0 on body x.
inline Circle torus_centreline(const Torus& torus, const Pose& pose) {
  const Mat3 rotation = pose.orientation.toRotationMatrix();
  return Circle{pose.position, rotation.col(0), rotation.col(1), rotation.col(2), torus.major_radius};
}

}  // namespace relcp::geometry
