#include "geometry/separation/signed_separation.hpp"

#include <concepts>
#include <limits>
#include <utility>
#include <variant>

#include "geometry/separation/convex_separation.hpp"
#include "geometry/separation/sphere_separation.hpp"
#include "geometry/separation/spherocylinder_separation.hpp"
#include "geometry/separation/torus_separation.hpp"
#include "geometry/separation/wall_separation.hpp"
#include "geometry/shapes/shape_properties.hpp"
#include "geometry/shapes/support_function.hpp"

namespace relcp::geometry {
namespace {

// Spheres and spherocylinders: an axis segment (of length zero for a sphere) and a radius.
template <class S>
concept RoundedSegment = std::same_as<S, Sphere> || std::same_as<S, Spherocylinder>;

// The shapes with a support function (shapes/support_function.hpp): every shape but the torus.
template <class S>
concept ConvexShape = RoundedSegment<S> || std::same_as<S, Ellipsoid>;

// The two bodies as the caller gave them. The overloads below, picked by std::visit over both
// shapes, choose the method from the shapes' types; a shape without its pairs does not compile.
struct BodyPair {
  const Shape& shape_a;
  const Pose& pose_a;
  const Shape& shape_b;
  const Pose& pose_b;
  const SeparationOptions& options;
};

// The same contact seen from the other body: phi unchanged, points swapped, normal negated.
SignedSeparation swapped(SignedSeparation separation) {
  std::swap(separation.point_a, separation.point_b);
  separation.normal = -separation.normal;
  return separation;
}

Segment core_segment(const Sphere&, const Pose& pose) { return centre_segment(pose); }
Segment core_segment(const Spherocylinder& rod, const Pose& pose) { return axis_segment(rod, pose); }

// signed_separation, one overload per family of pairs. The methods of the convex families take
// their pair in either order; a convex body before a torus is the torus-convex pair seen from
// the other body.
SignedSeparation pair_separation(const Sphere& a, const Sphere& b, const BodyPair& pair) {
  return sphere_sphere_separation(pair.pose_a.position, a.radius, pair.pose_b.position, b.radius);
}

// Two spheres take the overload above, which as a non-template is preferred.
template <RoundedSegment A, RoundedSegment B>
SignedSeparation pair_separation(const A& a, const B& b, const BodyPair& pair) {
  return rounded_segment_separation(core_segment(a, pair.pose_a), a.radius, core_segment(b, pair.pose_b), b.radius);
}

template <ConvexShape A, ConvexShape B>
requires std::same_as<A, Ellipsoid> || std::same_as<B, Ellipsoid> SignedSeparation
pair_separation(const A&, const B&, const BodyPair& pair) {
  return convex_separation(ConvexSupport::of(pair.shape_a, pair.pose_a.orientation), pair.pose_a.position,
                           ConvexSupport::of(pair.shape_b, pair.pose_b.orientation), pair.pose_b.position,
                           pair.options);
}

SignedSeparation pair_separation(const Torus& a, const Torus& b, const BodyPair& pair) {
  return torus_torus_separation(a, pair.pose_a, b, pair.pose_b, pair.options);
}

template <ConvexShape B>
SignedSeparation pair_separation(const Torus& a, const B&, const BodyPair& pair) {
  return torus_convex_separation(a, pair.pose_a, pair.shape_b, pair.pose_b, pair.options);
}

template <ConvexShape A>
SignedSeparation pair_separation(const A&, const Torus& b, const BodyPair& pair) {
  return swapped(torus_convex_separation(b, pair.pose_b, pair.shape_a, pair.pose_a, pair.options));
}

SignedSeparation exact_separation(const BodyPair& pair) {
  return signed_separation(pair.shape_a, pair.pose_a, pair.shape_b, pair.pose_b, pair.options);
}

// signed_separation_below, one overload per family of pairs.

// Spheres and spherocylinders among themselves: the exact separation is as cheap as a bound.
template <RoundedSegment A, RoundedSegment B>
SignedSeparation pair_separation_below(const A&, const B&, const BodyPair& pair, double) {
  return exact_separation(pair);
}

// A torus without a sphere: the exact separation of a torus searches its whole centreline; the
// ball bounds are closed forms, and a ring's hole leaves many candidate pairs far apart. (Against
// a sphere the exact separation is that closed form.)
template <class A, class B>
SignedSeparation torus_pair_below(const A& a, const B& b, const BodyPair& pair, double threshold) {
  SignedSeparation bound;
  bound.phi = -std::numeric_limits<double>::infinity();
  if constexpr (std::same_as<A, Torus>) {
    bound = torus_ball_lower_bound(a, pair.pose_a, pair.pose_b.position, bounding_radius(pair.shape_b));
  }
  if constexpr (std::same_as<B, Torus>) {
    const SignedSeparation other =
        swapped(torus_ball_lower_bound(b, pair.pose_b, pair.pose_a.position, bounding_radius(pair.shape_a)));
    if (other.phi > bound.phi) bound = other;
  }
  if (bound.phi >= threshold) return bound;
  return exact_separation(pair);
}

SignedSeparation pair_separation_below(const Torus& a, const Torus& b, const BodyPair& pair, double threshold) {
  return torus_pair_below(a, b, pair, threshold);
}

template <ConvexShape B>
requires(!std::same_as<B, Sphere>) SignedSeparation
    pair_separation_below(const Torus& a, const B& b, const BodyPair& pair, double threshold) {
  return torus_pair_below(a, b, pair, threshold);
}

template <ConvexShape A>
requires(!std::same_as<A, Sphere>) SignedSeparation
    pair_separation_below(const A& a, const Torus& b, const BodyPair& pair, double threshold) {
  return torus_pair_below(a, b, pair, threshold);
}

SignedSeparation pair_separation_below(const Torus&, const Sphere&, const BodyPair& pair, double) {
  return exact_separation(pair);
}

SignedSeparation pair_separation_below(const Sphere&, const Torus&, const BodyPair& pair, double) {
  return exact_separation(pair);
}

// An ellipsoid with a convex body: Phi at the centre-to-centre direction first.
template <ConvexShape A, ConvexShape B>
requires std::same_as<A, Ellipsoid> || std::same_as<B, Ellipsoid> SignedSeparation
pair_separation_below(const A&, const B&, const BodyPair& pair, double threshold) {
  const Pose& pose_a = pair.pose_a;
  const Pose& pose_b = pair.pose_b;
  const Vec3 offset = pose_b.position - pose_a.position;
  const double distance = offset.norm();
  if (!(distance > 0.0)) return exact_separation(pair);
  const ConvexSupport support_a = ConvexSupport::of(pair.shape_a, pose_a.orientation);
  const ConvexSupport support_b = ConvexSupport::of(pair.shape_b, pose_b.orientation);
  const Vec3 nu = offset / distance;
  const double bound = distance - support_a.value(nu) - support_b.value(-nu);
  if (!(bound >= threshold)) {
    return convex_separation(support_a, pose_a.position, support_b, pose_b.position, pair.options);
  }
  SignedSeparation separation;
  separation.phi = bound;
  separation.normal = nu;
  separation.point_a = pose_a.position + support_a.gradient(nu);
  separation.point_b = pose_b.position + support_b.gradient(-nu);
  separation.bound_only = true;
  return separation;
}

SignedSeparation wall_separation(const Torus& torus, const Shape&, const Pose& pose, const HalfSpace& wall,
                                 const SeparationOptions& options) {
  return torus_wall_separation(torus, pose, wall, options);
}

template <ConvexShape S>
SignedSeparation wall_separation(const S&, const Shape& shape, const Pose& pose, const HalfSpace& wall,
                                 const SeparationOptions& options) {
  return convex_wall_separation(ConvexSupport::of(shape, pose.orientation), pose.position, wall, options);
}

}  // namespace

SignedSeparation signed_separation(const Shape& shape_a, const Pose& pose_a, const Shape& shape_b, const Pose& pose_b,
                                   const SeparationOptions& options) {
  const BodyPair pair{shape_a, pose_a, shape_b, pose_b, options};
  return std::visit([&pair](const auto& a, const auto& b) { return pair_separation(a, b, pair); }, shape_a, shape_b);
}

SignedSeparation signed_separation_below(const Shape& shape_a, const Pose& pose_a, const Shape& shape_b,
                                         const Pose& pose_b, double threshold, const SeparationOptions& options) {
  const BodyPair pair{shape_a, pose_a, shape_b, pose_b, options};
  return std::visit(
      [&pair, threshold](const auto& a, const auto& b) { return pair_separation_below(a, b, pair, threshold); },
      shape_a, shape_b);
}

SignedSeparation signed_separation(const Shape& shape, const Pose& pose, const HalfSpace& wall,
                                   const SeparationOptions& options) {
  return std::visit([&](const auto& body) { return wall_separation(body, shape, pose, wall, options); }, shape);
}

}  // namespace relcp::geometry
