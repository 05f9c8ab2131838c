#pragma once
// Position and orientation of a body: x_lab = position + orientation * x_body.

#include "core/types.hpp"

namespace relcp::geometry {

struct Pose {
  Vec3 position = Vec3::Zero();
  Quaternion orientation = Quaternion::Identity();  // unit, body -> lab

  Vec3 to_lab(const Vec3& body_point) const { return position + orientation * body_point; }
  Vec3 to_body(const Vec3& lab_point) const { return orientation.conjugate() * (lab_point - position); }
};

}  // namespace relcp::geometry
