#pragma once
// Signed separation of tori (docs/geometry.md, "Tori"): the torus is the set of points within
// minor_radius of its centreline circle, so every shared-normal pair is a critical point of the
// centreline's distance to the other body.

#include "geometry/shapes/pose.hpp"
#include "geometry/shapes/shape.hpp"
#include "geometry/separation/signed_separation.hpp"

namespace relcp::geometry {

SignedSeparation torus_torus_separation(const Torus& a, const Pose& pose_a, const Torus& b, const Pose& pose_b,
                                        const SeparationOptions& options);

// B is a sphere, ellipsoid or spherocylinder.
SignedSeparation torus_convex_separation(const Torus& a, const Pose& pose_a, const Shape& convex_b, const Pose& pose_b,
                                         const SeparationOptions& options);

SignedSeparation torus_wall_separation(const Torus& torus, const Pose& pose, const HalfSpace& wall,
                                       const SeparationOptions& options);

// A lower bound of phi between a torus and a body B that lies within `radius` of `centre` (B's
// bounding ball), in closed form: every point of the torus is within minor_radius of its
// centreline, so phi >= |centre - nearest centreline point| - minor_radius - radius, whatever
// the sign (inside B the signed distance is at least the ball's). bound_only is set; the normal
// points from that centreline point toward `centre`. Exact for a sphere B.
SignedSeparation torus_ball_lower_bound(const Torus& torus, const Pose& pose, const Vec3& centre, double radius);

}  // namespace relcp::geometry
