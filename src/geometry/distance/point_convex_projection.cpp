#include "geometry/distance/point_convex_projection.hpp"

#include <algorithm>
#include <stdexcept>
#include <variant>

#include "geometry/distance/point_ellipsoid_distance.hpp"

namespace relcp::geometry {
namespace {

// Body-frame projection onto a sphere of `radius` around `centre`; from the centre itself the
// body x direction is used.
SurfaceProjection project_onto_ball(const Vec3& centre, double radius, const Vec3& query) {
  const Vec3 offset = query - centre;
  const double distance = offset.norm();
  const Vec3 normal = distance > 0.0 ? Vec3(offset / distance) : Vec3(Vec3::UnitX());
  return {distance - radius, centre + radius * normal, normal};
}

SurfaceProjection project_in_body(const Sphere& sphere, const Vec3& query) {
  return project_onto_ball(Vec3::Zero(), sphere.radius, query);
}

SurfaceProjection project_in_body(const Spherocylinder& rod, const Vec3& query) {
  const double half_length = 0.5 * rod.length;
  const Vec3 axis_point(0.0, 0.0, std::clamp(query.z(), -half_length, half_length));
  return project_onto_ball(axis_point, rod.radius, query);
}

SurfaceProjection project_in_body(const Ellipsoid& ellipsoid, const Vec3& query) {
  const EllipsoidClosestPoint closest = closest_point_on_ellipsoid(ellipsoid.radii, query);
  return {closest.signed_distance, closest.point, ellipsoid_normal(ellipsoid.radii, closest.point)};
}

SurfaceProjection project_in_body(const Torus&, const Vec3&) {
  throw std::invalid_argument("project_onto_convex_surface: a torus is not convex");
}

}  // namespace

SurfaceProjection project_onto_convex_surface(const Shape& convex, const Pose& pose, const Vec3& lab_point) {
  const Vec3 query = pose.to_body(lab_point);
  const SurfaceProjection body =
      std::visit([&query](const auto& shape) { return project_in_body(shape, query); }, convex);
  return {body.signed_distance, pose.to_lab(body.surface_point), pose.orientation * body.outward_normal};
}

}  // namespace relcp::geometry
