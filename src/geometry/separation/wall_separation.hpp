#pragma once
// Signed distance of a convex body to a half-space wall: the body's deepest point along the
// wall's inward direction, in closed form through the support function.

#include "core/types.hpp"
#include "geometry/shapes/shape.hpp"
#include "geometry/separation/signed_separation.hpp"
#include "geometry/shapes/support_function.hpp"

namespace relcp::geometry {

// normal = -wall.normal (the body's outward normal toward the wall); point_b is the foot of
// point_a on the wall plane. A spherocylinder lying flat (its end points within
// options.tolerance times its bounding radius of the same height) touches at the midpoint of
// its flat side.
SignedSeparation convex_wall_separation(const ConvexSupport& body, const Vec3& centre, const HalfSpace& wall,
                                        const SeparationOptions& options);

}  // namespace relcp::geometry
