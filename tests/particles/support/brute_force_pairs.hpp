#pragma once
// Test helper: the candidate pairs by checking every pair of bodies (minimum image).

#include <span>
#include <utility>
#include <vector>

#include "core/types.hpp"
#include "particles/body.hpp"
#include "particles/domain.hpp"

namespace relcp::particles::testing {

// (a, b) with a < b and |min image (x_b - x_a)| < R_a + R_b + buffer, sorted.
std::vector<std::pair<GlobalId, GlobalId>> brute_force_pairs(std::span<const Body> bodies, const Domain& domain,
                                                             double buffer);

}  // namespace relcp::particles::testing
