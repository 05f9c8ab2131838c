#pragma once
// The solution selected from LCP(q, M) when M is fixed and q varies (the per-time-point LCPs of
// the DLCP methods; [GS] (3.3), (3.13); docs/dlcp.md, "LCP selections"):
//   unique         M a P-matrix: the unique solution (principal pivoting, warm-started);
//   least-norm     M positive semidefinite: argmin ||v||_2 over the solution set;
//   least-element  M a Z-matrix: the least element of the feasible set (Chandrasekaran).
// An LcpSelectionSolver is prepared once per M; solve() is const and may be called from many
// threads at once (the batched back ends do).

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "dcs/batched/dlcp_lcp_outcome.hpp"
#include "dcs/batched/dlcp_least_norm.hpp"
#include "dcs/types.hpp"

namespace relcp::dcs {

enum class LcpSelection { unique, least_norm, least_element };

std::string_view to_string(LcpSelection selection);
std::vector<std::string> lcp_selection_names();
// Throws InputError (key "selection") for an unknown name, listing the known ones.
LcpSelection parse_lcp_selection(std::string_view name);

// Whether M is in the class the selection is defined for: P for unique, PSD for least-norm,
// Z for least-element; nullopt when it cannot be decided (P-property of a large non-Z matrix).
std::optional<bool> selection_applies(const DenseMatrix& M, LcpSelection selection);
// "a P-matrix", "positive semidefinite", "a Z-matrix".
std::string_view selection_requirement(LcpSelection selection);

class LcpSelectionSolver {
 public:
  // tolerance: on the natural residual ||min(y, M y + q)||_inf.
  LcpSelectionSolver(DenseMatrix M, LcpSelection selection, double tolerance);

  const DenseMatrix& matrix() const { return M_; }
  LcpSelection selection() const { return selection_; }
  double tolerance() const { return tolerance_; }
  Eigen::Index size() const { return M_.rows(); }

  // y: warm start on entry (used by `unique` only; any size means none), the selected solution
  // on exit when the status is converged.
  LcpOutcome solve(const Vector& q, Vector& y) const;

 private:
  DenseMatrix M_;
  LcpSelection selection_;
  double tolerance_;
  std::optional<LeastNormLcp> least_norm_;
};

// The multipliers y_0 at t = 0 of the DLCP/DNCP methods: the selected solution of
// LCP(q0, M) with q0 = N x0 + g(0), or M.rows() NaN entries (solved = false) when it has none.
Vector initial_complementarity(const DenseMatrix& M, const Vector& q0, LcpSelection selection, double tolerance,
                               bool& solved);

}  // namespace relcp::dcs
