#pragma once
// Building the bodies of a contact test scene: rotations given as an angle in degrees about an
// axis, and a body at a pose with a constant push.

#include <cmath>

#include "core/types.hpp"
#include "geometry/shapes/shape.hpp"
#include "particles/body.hpp"

namespace relcp::collision::testing {

// The rotation by `degrees` about `axis` (any length).
inline Quaternion about(const Vec3& axis, double degrees) {
  return Quaternion(Eigen::AngleAxisd(degrees * M_PI / 180.0, axis.normalized()));
}

// A body of `shape` at `position`, turned by `orientation` as given (not normalised), pushed by
// the constant `force`.
inline particles::Body make_body(GlobalId id, const geometry::Shape& shape, const Vec3& position,
                                 const Quaternion& orientation, const Vec3& force = Vec3::Zero()) {
  particles::Body b;
  b.id = id;
  b.shape = shape;
  b.pose.position = position;
  b.pose.orientation = orientation;
  b.force = force;
  return b;
}

}  // namespace relcp::collision::testing
