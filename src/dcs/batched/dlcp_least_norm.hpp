#pragma once
// The least-norm solution argmin{ ||v||_2 : 0 <= v perp M v + q >= 0 } of an LCP with a positive
// semidefinite M ([GS] (3.3); docs/dlcp.md, "LCP selections").
//
// For PSD M every solution v of LCP(q, M) has the same (M + M^T) v and q^T v as any one solution
// vbar (Cottle, Pang & Stone 3.1.7), so the solution set is the polyhedron
//   SOL = { v >= 0, M v + q >= 0, U^T v = U^T vbar, q^T v <= q^T vbar },
// U an orthonormal basis of range(M + M^T). (q^T v >= q^T vbar holds on the rest of it, so the
// last row is complementarity.) The least-norm point is the projection of 0 onto SOL: with the
// rows of G v >= h above, v = G^T lambda where lambda solves LCP(-h, G G^T), a symmetric PSD LCP
// solved by lexicographic Lemke. vbar also comes from Lemke (which processes PSD M) and is not
// needed when M is skew-symmetric (U empty, q^T vbar = -vbar^T M vbar = 0), as for [GS]'s
// rectifier. The equalities are eliminated (v = v0 + P w, P the projector onto their null space),
// so the LCP of the projection has one row per inequality. The inequalities are relaxed by 1% of
// the tolerance (a solution set that is a single point would not survive round-off otherwise).

#include "dcs/batched/dlcp_lcp_outcome.hpp"
#include "dcs/types.hpp"

namespace relcp::dcs {

class LeastNormLcp {
 public:
  explicit LeastNormLcp(DenseMatrix M);

  const DenseMatrix& matrix() const { return M_; }
  Eigen::Index symmetric_rank() const { return range_basis_.cols(); }

  // status: converged (natural residual of LCP(q, M) <= tolerance max(1, |y|_inf)), infeasible (Lemke's
  // secondary ray: for PSD M no solution exists), or Lemke's failure status. iterations: Lemke
  // pivots of both solves.
  LcpOutcome solve(const Vector& q, double tolerance, Vector& y) const;

  // The least-norm point of SOL(q, M) intersected with {v : E v = e} (used to pick the
  // least-norm multipliers of a coupled backward-Euler step, where E v fixes the force B v).
  // infeasible also when the intersection is empty.
  LcpOutcome solve_with_equality(const Vector& q, const DenseMatrix& E, const Vector& e, double tolerance,
                                 Vector& y) const;

 private:
  DenseMatrix M_;
  DenseMatrix range_basis_;  // U, n x r
};

}  // namespace relcp::dcs
