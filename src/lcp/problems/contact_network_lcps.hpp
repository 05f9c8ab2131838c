#pragma once
// LCPs with the conditioning of packed contact networks, for the QP solvers' tests and
// benchmarks. Deterministic for a given seed; every one plants a solution.
//
// make_contact_chain_lcp: the contact operator of n + 1 equal spheres on a line (row i is the
// contact between spheres i and i + 1), A = tridiag(-1, 2, -1), condition number about
// (2n / pi)^2. Every contact carries a force in [0.5, 1.5] except `gaps` randomly chosen ones,
// which are open (force 0, gap in [0.5, 1.5]) and cut the chain into segments.
//
// make_contact_lattice_lcp: a 2-D packing, side x side discs on a triangular lattice with every
// touching pair in contact (about 3 side^2 rows), A = D D^T for unit mobility of the disc
// centres (D: row = contact, unit normal +-n on its two discs). Neighbouring contacts couple
// through n_e . n_f = +-1/2, so, as in a packed colony, a load spreads over the whole network
// and the smallest non-zero eigenvalue falls as 1 / side^2. A is singular (more contacts than
// disc coordinates). Every contact carries a force: uniform, in [0.5, 1.5], or, with
// `central_pressure`, 0.5 + R^2 - r^2 at distance r from the patch centre (R the largest r): the
// pressure of a growing colony, which rises toward its centre as its radius squared.

#include <cstdint>

#include "lcp/problems/erleben_generators.hpp"

namespace relcp::lcp {

erleben::GeneratedLcp make_contact_chain_lcp(Index n, int gaps, std::uint64_t seed);
erleben::GeneratedLcp make_contact_lattice_lcp(int side, std::uint64_t seed, bool central_pressure = false);

}  // namespace relcp::lcp
