#pragma once
// Baraff's incremental principal pivoting ("Dantzig", Erleben 2013, Sec. 5.1.1, with the
// corrected signs of docs/lcp_pivoting.md) for symmetric positive (semi)definite M.
//
// Indices are processed one at a time, most violated first. The driven index j has its x_j
// raised from 0 while every processed index keeps complementarity: clamped indices keep
// w = 0 (x >= 0 moves), separated ones keep x = 0 (w >= 0 moves). A clamped x reaching 0 moves
// to separated, a separated w reaching 0 moves to clamped, and the step ends when w_j = 0.
// The clamped block M_CC is kept as a Cholesky factor updated in O(n^2) per pivot (append, or
// delete by Givens rotations), so a solve costs O(n^3) in all.

#include <functional>
#include <string_view>
#include <utility>
#include <vector>

#include "lcp/solver.hpp"

namespace relcp::lcp {

// Where an index stands. Erleben's set A is `clamped`, his F is `separated`.
enum class DantzigIndexSet : unsigned char {
  unprocessed,  // not yet driven; x = 0
  clamped,      // w = 0, x >= 0
  separated,    // x = 0, w >= 0
};

// The state after an outer iteration (one more index processed), for observers and tests.
struct DantzigSnapshot {
  int outer_iteration = 0;  // 1 after the first processed index
  const Vector& x;
  const std::vector<DantzigIndexSet>& sets;
};

using DantzigObserver = std::function<void(const DantzigSnapshot&)>;

// Result fields:
//   status      converged (natural residual <= options.tolerance), unsupported (M is not
//               symmetric to 1e-10 relative), infeasible (an unblocked pivot: x_j can grow
//               forever without w_j reaching 0, which for PSD M means no solution exists),
//               max_iterations (pivot cap reached: options.max_iterations, default 50 n),
//               numerical_failure (non-finite data, a clamped block that is numerically
//               singular, or a final residual above the tolerance).
//   iterations  outer iterations (indices driven), at most n.
//   merit_history  one entry per outer iteration: the w of the index driven in it (the most
//               negative unprocessed w).
// Among unprocessed indices with equal w, the one driven next is drawn from a generator
// seeded by options.seed, so a run is reproducible. The warm start is ignored.
class DantzigSolver final : public LcpSolver {
 public:
  DantzigSolver() = default;
  explicit DantzigSolver(DantzigObserver observer) : observer_(std::move(observer)) {}

  std::string_view name() const override { return "dantzig"; }
  SolverFamily family() const override { return SolverFamily::pivoting; }
  SolverResult solve(const LcpProblem& problem, const SolverOptions& options) const override;

 private:
  DantzigObserver observer_;
};

}  // namespace relcp::lcp
