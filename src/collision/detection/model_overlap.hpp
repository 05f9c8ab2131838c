#pragma once
// The overlap the contact model constrains, beside the true-surface overlap
// (pair_separations / largest_overlap): for multisphere the deepest overlap between sub-spheres
// of different bodies.

#include <span>

#include "particles/body.hpp"
#include "particles/ghost.hpp"
#include "particles/neighbour_search.hpp"

namespace relcp::collision {

// max(0, -min gap) over the sub-sphere pairs (`count` spheres per body, spheres are their own
// decomposition) of the candidate pairs, at the bodies' current poses.
double largest_multisphere_overlap(std::span<const particles::CandidatePair> pairs,
                                   std::span<const particles::Body> owned, std::span<const particles::Ghost> ghosts,
                                   int count);

}  // namespace relcp::collision
