#pragma once
// All the shared-normal contacts of a torus below a threshold, not only the deepest: the local
// minima of the centreline's distance to the other body. Interlocked rings typically have two
// competing contacts, one on each side of the hole (docs/geometry.md, "Tori").

#include <vector>

#include "geometry/shapes/pose.hpp"
#include "geometry/shapes/shape.hpp"
#include "geometry/separation/signed_separation.hpp"

namespace relcp::geometry {

// Local minima with phi < threshold, deepest first. Minima closer to each other than about
// 2 pi / 256 along the smaller centreline may be reported as one.
std::vector<SignedSeparation> torus_torus_local_minima(const Torus& a, const Pose& pose_a, const Torus& b,
                                                       const Pose& pose_b, double threshold,
                                                       const SeparationOptions& options = {});

// B is a sphere, ellipsoid or spherocylinder (std::invalid_argument otherwise); a sphere is a
// closed form (one contact, at the centreline point closest to its centre). phi is the
// signed distance from the centreline point to B minus the minor radius. In a deep overlap where
// the centreline crosses B's medial surface (for instance through a sphere's centre) that
// distance has a kink, not a smooth minimum: the contact is then the deepest point of the tube's
// cross-section ball, point_a lies inside the tube rather than on its surface, and the normal is
// B's normal on the side the search settled on.
std::vector<SignedSeparation> torus_convex_local_minima(const Torus& a, const Pose& pose_a, const Shape& convex_b,
                                                        const Pose& pose_b, double threshold,
                                                        const SeparationOptions& options = {});

}  // namespace relcp::geometry
