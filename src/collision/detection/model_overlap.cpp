#include "collision/detection/model_overlap.hpp"

#include <algorithm>

#include "collision/detection/pair_constraints.hpp"

namespace relcp::collision {

double largest_multisphere_overlap(std::span<const particles::CandidatePair> pairs,
                                   std::span<const particles::Body> owned, std::span<const particles::Ghost> ghosts,
                                   int count) {
  // The constraints multisphere would build with a zero buffer are exactly the overlapping
  // sub-sphere pairs.
  double overlap = 0.0;
  for (const ConstraintRecord& record : multisphere_constraints(pairs, owned, ghosts, count, 0.0)) {
    overlap = std::max(overlap, -record.phi);
  }
  return overlap;
}

}  // namespace relcp::collision
