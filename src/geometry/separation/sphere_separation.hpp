#pragma once
// Shared-normal signed distance of two spheres in closed form (docs/geometry.md).

#include "core/types.hpp"
#include "geometry/separation/signed_separation.hpp"

namespace relcp::geometry {

// Coincident centres have no preferred direction: the normal is then lab +z.
SignedSeparation sphere_sphere_separation(const Vec3& centre_a, double radius_a, const Vec3& centre_b, double radius_b);

}  // namespace relcp::geometry
