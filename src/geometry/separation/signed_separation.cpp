#include "geometry/separation/signed_separation.hpp"

#include <limits>
#include <utility>
#include <variant>

#include "geometry/separation/convex_separation.hpp"
#include "geometry/shapes/shape_properties.hpp"
#include "geometry/separation/sphere_separation.hpp"
#include "geometry/separation/spherocylinder_separation.hpp"
#include "geometry/shapes/support_function.hpp"
#include "geometry/separation/torus_separation.hpp"
#include "geometry/separation/wall_separation.hpp"

namespace relcp::geometry {
namespace {

// The same contact seen from the other body: phi unchanged, points swapped, normal negated.
SignedSeparation swapped(SignedSeparation separation) {
  std::swap(separation.point_a, separation.point_b);
  separation.normal = -separation.normal;
  return separation;
}

bool is_rounded_segment(const Shape& shape) {
  return std::holds_alternative<Sphere>(shape) || std::holds_alternative<Spherocylinder>(shape);
}

Segment core_segment(const Shape& shape, const Pose& pose) {
  if (const auto* rod = std::get_if<Spherocylinder>(&shape)) return axis_segment(*rod, pose);
  return centre_segment(pose);
}

double core_radius(const Shape& shape) {
  if (const auto* rod = std::get_if<Spherocylinder>(&shape)) return rod->radius;
  return std::get<Sphere>(shape).radius;
}

SignedSeparation convex_pair_separation(const Shape& shape_a, const Pose& pose_a,
                                        const Shape& shape_b, const Pose& pose_b,
                                        const SeparationOptions& options) {
  const auto* sphere_a = std::get_if<Sphere>(&shape_a);
  const auto* sphere_b = std::get_if<Sphere>(&shape_b);
  if (sphere_a != nullptr && sphere_b != nullptr) {
    return sphere_sphere_separation(pose_a.position, sphere_a->radius, pose_b.position,
                                    sphere_b->radius);
  }
  if (is_rounded_segment(shape_a) && is_rounded_segment(shape_b)) {
    return rounded_segment_separation(core_segment(shape_a, pose_a), core_radius(shape_a),
                                      core_segment(shape_b, pose_b), core_radius(shape_b));
  }
  return convex_separation(ConvexSupport::of(shape_a, pose_a.orientation), pose_a.position,
                           ConvexSupport::of(shape_b, pose_b.orientation), pose_b.position,
                           options);
}

}  // namespace

SignedSeparation signed_separation(const Shape& shape_a, const Pose& pose_a, const Shape& shape_b,
                                   const Pose& pose_b, const SeparationOptions& options) {
  const auto* torus_a = std::get_if<Torus>(&shape_a);
  const auto* torus_b = std::get_if<Torus>(&shape_b);
  if (torus_a != nullptr && torus_b != nullptr) {
    return torus_torus_separation(*torus_a, pose_a, *torus_b, pose_b, options);
  }
  if (torus_a != nullptr) return torus_convex_separation(*torus_a, pose_a, shape_b, pose_b, options);
  if (torus_b != nullptr) {
    return swapped(torus_convex_separation(*torus_b, pose_b, shape_a, pose_a, options));
  }
  return convex_pair_separation(shape_a, pose_a, shape_b, pose_b, options);
}

SignedSeparation signed_separation_below(const Shape& shape_a, const Pose& pose_a,
                                         const Shape& shape_b, const Pose& pose_b,
                                         double threshold, const SeparationOptions& options) {
  const auto* torus_a = std::get_if<Torus>(&shape_a);
  const auto* torus_b = std::get_if<Torus>(&shape_b);
  const bool with_sphere = std::holds_alternative<Sphere>(shape_a) || std::holds_alternative<Sphere>(shape_b);
  if ((torus_a != nullptr || torus_b != nullptr) && !with_sphere) {
    // The exact separation of a torus searches its whole centreline; the ball bounds are
    // closed forms, and a ring's hole leaves many candidate pairs far apart. (Against a sphere
    // the exact separation is that closed form.)
    SignedSeparation bound;
    bound.phi = -std::numeric_limits<double>::infinity();
    if (torus_a != nullptr) {
      bound = torus_ball_lower_bound(*torus_a, pose_a, pose_b.position, bounding_radius(shape_b));
    }
    if (torus_b != nullptr) {
      const SignedSeparation other =
          swapped(torus_ball_lower_bound(*torus_b, pose_b, pose_a.position, bounding_radius(shape_a)));
      if (other.phi > bound.phi) bound = other;
    }
    if (bound.phi >= threshold) return bound;
    return signed_separation(shape_a, pose_a, shape_b, pose_b, options);
  }
  const bool ellipsoid =
      std::holds_alternative<Ellipsoid>(shape_a) || std::holds_alternative<Ellipsoid>(shape_b);
  const Vec3 offset = pose_b.position - pose_a.position;
  const double distance = offset.norm();
  if (!ellipsoid || !(distance > 0.0)) {
    return signed_separation(shape_a, pose_a, shape_b, pose_b, options);
  }
  const ConvexSupport support_a = ConvexSupport::of(shape_a, pose_a.orientation);
  const ConvexSupport support_b = ConvexSupport::of(shape_b, pose_b.orientation);
  const Vec3 nu = offset / distance;
  const double bound = distance - support_a.value(nu) - support_b.value(-nu);
  if (!(bound >= threshold)) {
    return convex_separation(support_a, pose_a.position, support_b, pose_b.position, options);
  }
  SignedSeparation separation;
  separation.phi = bound;
  separation.normal = nu;
  separation.point_a = pose_a.position + support_a.gradient(nu);
  separation.point_b = pose_b.position + support_b.gradient(-nu);
  separation.bound_only = true;
  return separation;
}

SignedSeparation signed_separation(const Shape& shape, const Pose& pose, const HalfSpace& wall,
                                   const SeparationOptions& options) {
  if (const auto* torus = std::get_if<Torus>(&shape)) {
    return torus_wall_separation(*torus, pose, wall, options);
  }
  return convex_wall_separation(ConvexSupport::of(shape, pose.orientation), pose.position, wall,
                                options);
}

}  // namespace relcp::geometry
