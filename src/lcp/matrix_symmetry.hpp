#pragma once

#include "lcp/problem.hpp"

namespace relcp::lcp {

// |M_ij - M_ji| <= relative_tolerance * max|M| for all i, j; O(nnz) in M's native storage.
bool is_symmetric(const LcpProblem& problem, double relative_tolerance = 1e-12);

}  // namespace relcp::lcp
