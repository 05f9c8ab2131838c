#pragma once
// Direct enumeration (Erleben 2013 5.1): try all 2^n complementary index sets S (z_i may be
// positive for i in S, w_i may be positive outside S). For each S, M_SS z_S = -q_S is solved
// and kept when z_S >= 0 and w >= 0. Cost O(n^3 2^n), so only small problems are accepted.
//
// Degenerate problems: when M_SS is singular but the system is consistent, its solutions form
// an affine set; the minimum-norm point of that set stands for it (kept when it satisfies the
// sign conditions). So an LCP with a continuum of solutions (A4: M = 0, q = 0) yields finitely
// many representatives, not the continuum; for nondegenerate M (every M_SS nonsingular) the
// list is exactly the set of solutions.

#include <string_view>
#include <vector>

#include "lcp/solver.hpp"

namespace relcp::lcp {

inline constexpr Index kMaxEnumerationSize = 20;

// Every solution found, deduplicated (two solutions closer than tol * max(1, |z|_inf) in the
// infinity norm are one), each with natural residual <= tol, in order of their index set
// (as a bit mask, ascending). Throws InputError (key "M") when n > kMaxEnumerationSize.
std::vector<Vector> enumerate_lcp_solutions(const LcpProblem& problem, double tol);

// Returns the solution of least Euclidean norm (the first in enumeration order among equal
// norms). status: converged, infeasible (no index set gives a solution), unsupported
// (n > kMaxEnumerationSize), numerical_failure (non-finite data). iterations = 2^n.
class EnumerationSolver final : public LcpSolver {
 public:
  std::string_view name() const override { return "enum"; }
  SolverFamily family() const override { return SolverFamily::enumeration; }
  SolverResult solve(const LcpProblem& problem, const SolverOptions& options) const override;
};

}  // namespace relcp::lcp
