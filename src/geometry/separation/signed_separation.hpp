#pragma once
// Shared-normal signed distance (SNSD) between two bodies (Palmer et al. 2025, Sec. 2.5;
// docs/geometry.md, "Semantics"): phi > 0 is the
// gap, phi < 0 minus the penetration depth; point_b - point_a = phi * normal, the normal being
// the outward normal of A pointing toward B.

#include "core/types.hpp"
#include "geometry/shapes/pose.hpp"
#include "geometry/shapes/shape.hpp"

namespace relcp::geometry {

struct SignedSeparation {
  double phi = 0.0;
  Vec3 point_a = Vec3::Zero();  // on the surface of A, lab frame
  Vec3 point_b = Vec3::Zero();  // on the surface of B, lab frame
  Vec3 normal = Vec3::UnitX();  // unit, outward from A toward B
  int iterations = 0;
  bool converged = false;  // false: the values are the best found, not verified
  // True when only a lower bound of phi was evaluated (signed_separation_below): then phi is
  // Phi at the centre-to-centre direction (torus pairs: the bounding-ball bound), and the
  // points and normal belong to that bound.
  bool bound_only = false;
};

struct SeparationOptions {
  double tolerance = 1e-10;  // on |phi error| relative to body size
  int max_iterations = 50;
};

SignedSeparation signed_separation(const Shape& shape_a, const Pose& pose_a, const Shape& shape_b, const Pose& pose_b,
                                   const SeparationOptions& options = {});

// The same when phi matters only below `threshold` (a pair's constraint or overlap test): for a
// pair with an ellipsoid, Phi at the centre-to-centre direction is evaluated first. SNSD is the
// maximum of Phi over directions, so when that value is at least `threshold` it is returned as
// a lower bound (bound_only) and the Newton iteration is skipped. For a pair with a torus, the
// closed-form bound of torus_ball_lower_bound (against the other body's bounding ball, the
// larger of the two for a torus pair) plays that role. Other pairs, whose exact separation is
// as cheap as a bound, always get the exact one.
SignedSeparation signed_separation_below(const Shape& shape_a, const Pose& pose_a, const Shape& shape_b,
                                         const Pose& pose_b, double threshold, const SeparationOptions& options = {});

// A body (A) against a half-space wall (B): `normal` is the body's outward normal toward the
// wall, i.e. minus the wall's normal; point_b lies on the wall plane.
SignedSeparation signed_separation(const Shape& shape, const Pose& pose, const HalfSpace& wall,
                                   const SeparationOptions& options = {});

}  // namespace relcp::geometry
