#pragma once
// Lemke's complementary pivoting method (Cottle-Pang-Stone, "The Linear Complementarity
// Problem", 4.4) with covering vector e and lexicographic anti-cycling.
//
// The tableau w - M z - e z0 = q is kept as the inverse B^-1 of the current basis matrix plus
// the basic values B^-1 q; one pivot costs O(n^2) (one matrix-vector product for the entering
// column and one rank-1 update), with no allocation inside the pivoting loop.

#include <string_view>

#include "lcp/solver.hpp"

namespace relcp::lcp {

// Result fields:
//   status      converged (natural residual <= options.tolerance), infeasible (secondary ray:
//               for copositive-plus M this proves that no solution exists), max_iterations
//               (pivot cap reached; default cap 50 n), numerical_failure (non-finite data, or
//               the final basis does not reproduce a solution to the tolerance).
//   iterations  the number of pivots (0 when q >= 0, where z = 0 is returned).
//   merit_history  the artificial variable z0 after each pivot (0 at a solution).
// The warm start is ignored: Lemke always starts from the artificial basis.
class LemkeSolver final : public LcpSolver {
 public:
  std::string_view name() const override { return "lemke"; }
  SolverFamily family() const override { return SolverFamily::pivoting; }
  SolverResult solve(const LcpProblem& problem, const SolverOptions& options) const override;
};

}  // namespace relcp::lcp
