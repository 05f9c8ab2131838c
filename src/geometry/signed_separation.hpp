#pragma once
// Shared-normal signed distance (SNSD) between two bodies (digest relcp.md 3.1): phi > 0 is the
// gap, phi < 0 minus the penetration depth; point_b - point_a = phi * normal, the normal being
// the outward normal of A pointing toward B.

#include "core/types.hpp"
#include "geometry/pose.hpp"
#include "geometry/shape.hpp"

namespace relcp::geometry {

struct SignedSeparation {
  double phi = 0.0;
  Vec3 point_a = Vec3::Zero();  // on the surface of A, lab frame
  Vec3 point_b = Vec3::Zero();  // on the surface of B, lab frame
  Vec3 normal = Vec3::UnitX();  // unit, outward from A toward B
  int iterations = 0;
  bool converged = false;       // false: the values are the best found, not verified
};

struct SeparationOptions {
  double tolerance = 1e-10;  // on |phi error| relative to body size
  int max_iterations = 50;
};

SignedSeparation signed_separation(const Shape& shape_a, const Pose& pose_a, const Shape& shape_b,
                                   const Pose& pose_b, const SeparationOptions& options = {});

// A body (A) against a half-space wall (B): `normal` is the body's outward normal toward the
// wall, i.e. minus the wall's normal; point_b lies on the wall plane.
SignedSeparation signed_separation(const Shape& shape, const Pose& pose, const HalfSpace& wall,
                                   const SeparationOptions& options = {});

}  // namespace relcp::geometry
