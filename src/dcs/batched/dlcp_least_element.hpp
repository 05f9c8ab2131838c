#pragma once
// The least element of FEA(q, M) = {y >= 0 : M y + q >= 0} for a Z-matrix M, which is also the
// least-element solution of LCP(q, M) ([PL] (3.2); docs/dlcp.md), by Chandrasekaran's
// method (R. Chandrasekaran, "A special case of the complementary pivot problem", Opsearch 7,
// 1970): starting from y = 0, the index with the most negative w = M y + q joins the set S and
// y_S = -M_SS^-1 q_S is recomputed. For a Z-matrix the iterates increase monotonically towards
// the least element and at most n indices join; a non-positive pivot (Schur complement of the
// joining index) certifies that FEA is empty. M_SS^-1 is bordered by one row and column per
// step, so a solve costs O(n^2 |S|).

#include "dcs/batched/dlcp_lcp_outcome.hpp"
#include "dcs/types.hpp"

namespace relcp::dcs {

// y: the least element on success. status: converged (min(y, w) >= -tolerance componentwise),
// infeasible (certificate above), numerical_failure (non-finite data). iterations = |S|.
// On a matrix that is not Z the method still runs, but neither the least-element property nor
// the infeasibility certificate hold; the residual test still guards `converged`.
LcpOutcome solve_least_element(const DenseMatrix& M, const Vector& q, double tolerance, Vector& y);

}  // namespace relcp::dcs
