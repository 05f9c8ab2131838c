#pragma once
// Closest point of an ellipsoid's surface to a point, in the ellipsoid's body frame, for points
// inside and outside. The Lagrange condition x_i = r_i^2 y_i / (t + r_i^2) turns the problem into
// the root of one monotone function of t, bracketed and solved to rounding; points on a
// principal plane, where that root can be missing, are handled by their lower-dimensional forms.

#include "core/types.hpp"

namespace relcp::geometry {

struct EllipsoidClosestPoint {
  Vec3 point = Vec3::Zero();     // on the surface, body frame
  double signed_distance = 0.0;  // negative inside
};

// radii: the semi-axes along body x, y, z (positive). When several surface points are closest
// (a query on a medial surface, such as the centre) a deterministic one is returned.
EllipsoidClosestPoint closest_point_on_ellipsoid(const Vec3& radii, const Vec3& query);

// Outward unit normal of the ellipsoid at a surface point, body frame.
Vec3 ellipsoid_normal(const Vec3& radii, const Vec3& surface_point);

}  // namespace relcp::geometry
