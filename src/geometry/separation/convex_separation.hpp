#pragma once
// Shared-normal signed distance of two convex bodies given by their support functions (Palmer
// et al. 2025, Sec. 2.5; docs/geometry.md): the maximum over unit nu of
//   Phi(nu) = (x_b - x_a).nu - h_a(nu) - h_b(-nu),
// found by Newton's method on the sphere with analytic derivatives.
//
// - A positive local maximum is the global one (Phi is concave and 1-homogeneous), and so is a
//   stationary point whose core overlap is shallower than the sum of the cores' rolling radii
//   (ConvexSupport::core_rolling_radius; proof in convex_separation.cpp): separated bodies and
//   shallow overlaps need one start, from the centre-to-centre direction. Otherwise several
//   seeds (principal axes, the segment axis, fixed directions) ranked by Phi are refined; the
//   best local maximum wins.
// - A spherocylinder's flat sides are a kink of Phi on the great circle axis.nu = 0; the
//   iteration then moves along that circle and checks the multiplier (the projection of the
//   other body's point onto the axis must fall inside the segment).
// - Converged means the tangential residual |(I - nu nu^T)(y_b - y_a)| is at most
//   options.tolerance times the sum of the bounding radii (and not below rounding of the centre
//   offset) at a verified local maximum; otherwise the best point is returned with
//   converged = false.

#include "core/types.hpp"
#include "geometry/separation/signed_separation.hpp"
#include "geometry/shapes/support_function.hpp"

namespace relcp::geometry {

// At most one of a, b may be a spherocylinder (two go through segment_distance.hpp): throws
// std::invalid_argument otherwise.
SignedSeparation convex_separation(const ConvexSupport& a, const Vec3& centre_a, const ConvexSupport& b,
                                   const Vec3& centre_b, const SeparationOptions& options);

}  // namespace relcp::geometry
