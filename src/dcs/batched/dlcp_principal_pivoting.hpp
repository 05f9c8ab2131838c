#pragma once
// The unique solution of LCP(q, M) for a P-matrix M by principal pivoting on the set S of
// indices with y_i "basic": y_S = -M_SS^-1 q_S, y = 0 elsewhere, w = M y + q.
//  1. Block principal pivoting (Kostreva 1978; Judice & Pires 1994) from the support of the warm
//     start: every index that violates y_S >= 0 or w_F >= 0 changes side at once. Fast from a
//     good warm start; it may cycle on general P-matrices, so it is given a few passes only.
//  2. Murty's least-index single principal pivoting (Murty 1974), which terminates for every
//     P-matrix from any start, continues from where the block phase stopped.

#include "dcs/batched/dlcp_lcp_outcome.hpp"
#include "dcs/types.hpp"

namespace relcp::dcs {

// y: warm start on entry (any size other than n means a cold start from S = {}), the solution on
// exit. status: converged (natural residual <= tolerance), max_iterations (the pivot cap,
// 100 + 20 n, was reached), numerical_failure (a singular M_SS: M is not a P-matrix, or
// non-finite data). iterations: block passes plus single pivots.
LcpOutcome solve_by_principal_pivoting(const DenseMatrix& M, const Vector& q, double tolerance, Vector& y);

}  // namespace relcp::dcs
