#pragma once
// Signed separation of tori (digest relcp.md 3.4): the torus is the set of points within
// minor_radius of its centreline circle, so every shared-normal pair is a critical point of the
// centreline's distance to the other body.

#include "geometry/pose.hpp"
#include "geometry/shape.hpp"
#include "geometry/signed_separation.hpp"

namespace relcp::geometry {

SignedSeparation torus_torus_separation(const Torus& a, const Pose& pose_a, const Torus& b,
                                        const Pose& pose_b, const SeparationOptions& options);

// B is a sphere, ellipsoid or spherocylinder.
SignedSeparation torus_convex_separation(const Torus& a, const Pose& pose_a, const Shape& convex_b,
                                         const Pose& pose_b, const SeparationOptions& options);

SignedSeparation torus_wall_separation(const Torus& torus, const Pose& pose, const HalfSpace& wall,
                                       const SeparationOptions& options);

}  // namespace relcp::geometry
