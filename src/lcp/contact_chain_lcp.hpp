#pragma once
// An LCP with the conditioning of a long force chain, for the projected-gradient solvers' tests
// and benchmarks: the contact operator of n + 1 equal spheres on a line (row i is the contact
// between spheres i and i + 1), A = tridiag(-1, 2, -1), condition number about (2n / pi)^2.
// A planted solution loads every contact with a force in [0.5, 1.5] except `gaps` randomly
// chosen ones, which are open (force 0, gap in [0.5, 1.5]) and cut the chain into segments.
// Deterministic for a given seed.

#include <cstdint>

#include "lcp/erleben_generators.hpp"

namespace relcp::lcp {

erleben::GeneratedLcp make_contact_chain_lcp(Index n, int gaps, std::uint64_t seed);

}  // namespace relcp::lcp
