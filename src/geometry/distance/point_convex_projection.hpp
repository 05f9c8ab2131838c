#pragma once
// Signed distance from a point to the surface of a convex body (sphere, ellipsoid or
// spherocylinder), with the nearest surface point and the outward normal there, in the lab frame.

#include "core/types.hpp"
#include "geometry/shapes/pose.hpp"
#include "geometry/shapes/shape.hpp"

namespace relcp::geometry {

struct SurfaceProjection {
  double signed_distance = 0.0;  // negative inside
  Vec3 surface_point = Vec3::Zero();
  Vec3 outward_normal = Vec3::UnitX();  // at surface_point; query = surface_point + d * normal
};

// Throws std::invalid_argument for a torus. Where several surface points are nearest (the
// centre of a sphere, the axis of a spherocylinder) a deterministic one is chosen.
SurfaceProjection project_onto_convex_surface(const Shape& convex, const Pose& pose, const Vec3& lab_point);

}  // namespace relcp::geometry
