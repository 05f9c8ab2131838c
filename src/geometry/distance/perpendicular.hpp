#pragma once

#include <Eigen/Core>

#include "core/types.hpp"

namespace relcp::geometry {

// A unit vector perpendicular to the non-zero v, chosen deterministically: v crossed with the
// lab axis least aligned with it.
inline Vec3 unit_perpendicular(const Vec3& v) {
  Eigen::Index least = 0;
  v.cwiseAbs().minCoeff(&least);
  return v.cross(Vec3::Unit(least)).normalized();
}

}  // namespace relcp::geometry
