#include "geometry/separation/torus_separation.hpp"

#include <limits>

#include "geometry/distance/circle.hpp"
#include "geometry/distance/circle_distance.hpp"
#include "geometry/separation/torus_local_minima.hpp"

namespace relcp::geometry {
namespace {

constexpr double kNoThreshold = std::numeric_limits<double>::infinity();

// The deepest minimum comes first. None is found only when phi does not come out finite (poses
// too far apart for the squared distances): report that, unconverged, instead of a contact.
SignedSeparation deepest(const std::vector<SignedSeparation>& minima) {
  if (!minima.empty()) return minima.front();
  SignedSeparation none;
  none.phi = std::numeric_limits<double>::quiet_NaN();
  return none;
}

}  // namespace

SignedSeparation torus_torus_separation(const Torus& a, const Pose& pose_a, const Torus& b, const Pose& pose_b,
                                        const SeparationOptions& options) {
  return deepest(torus_torus_local_minima(a, pose_a, b, pose_b, kNoThreshold, options));
}

SignedSeparation torus_convex_separation(const Torus& a, const Pose& pose_a, const Shape& convex_b, const Pose& pose_b,
                                         const SeparationOptions& options) {
  return deepest(torus_convex_local_minima(a, pose_a, convex_b, pose_b, kNoThreshold, options));
}

// Closed form: the centreline point lowest along the wall normal is the one whose radial
// direction is most opposed to it.
SignedSeparation torus_wall_separation(const Torus& torus, const Pose& pose, const HalfSpace& wall,
                                       const SeparationOptions&) {
  const Circle centreline = torus_centreline(torus, pose);
  const Vec3 in_plane = wall.normal - wall.normal.dot(centreline.axis) * centreline.axis;
  // A torus lying flat on the wall touches it along a whole circle: pick angle 0.
  const Vec3 radial = in_plane.norm() > 1e-12 ? Vec3(-in_plane.normalized()) : centreline.radial(0.0);
  const Vec3 lowest = centreline.centre + centreline.radius * radial;
  const double height = (lowest - wall.point).dot(wall.normal);

  SignedSeparation contact;
  contact.normal = -wall.normal;
  contact.phi = height - torus.minor_radius;
  contact.point_a = lowest + torus.minor_radius * contact.normal;
  contact.point_b = lowest - height * wall.normal;
  contact.iterations = 0;
  contact.converged = true;
  return contact;
}

SignedSeparation torus_ball_lower_bound(const Torus& torus, const Pose& pose, const Vec3& centre, double radius) {
  const Circle centreline = torus_centreline(torus, pose);
  const Vec3 nearest = closest_point_on_circle(centreline, centre);
  const Vec3 offset = centre - nearest;
  const double distance = offset.norm();
  SignedSeparation bound;
  bound.normal = distance > 0.0 ? Vec3(offset / distance) : centreline.axis;
  bound.phi = distance - torus.minor_radius - radius;
  bound.point_a = nearest + torus.minor_radius * bound.normal;
  bound.point_b = centre - radius * bound.normal;
  bound.converged = true;
  bound.bound_only = true;
  return bound;
}

}  // namespace relcp::geometry
