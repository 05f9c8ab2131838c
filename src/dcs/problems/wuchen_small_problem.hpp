#pragma once
// The small Z-matrix DLCP of [PL] 4.1 (m = 3, n = 4, t in [0, 1]):
//   x' = A x + B y - v(t),   0 <= y  perp  N x + M y + g(t) >= 0,
// with A and B as printed, N and M as reconstructed in docs/dlcp.md (the duplicated
// row of N removed; M_22 = +1/3, M_31 = -2/3). These reproduce the paper's printed M^h at
// h = 2^-9, 2^-8, 2^-7 (the paper labels them 2^-8, 2^-7, 2^-6). M is a Z-matrix but not a
// P-matrix (M_33 = 0).
//
// g(t) and x0 are missing from the paper (only g_1 = t e^-t + 3/20 survives), so they are
// inputs; docs/dlcp.md explains the defaults of configs/dlcp_wuchen_small.yaml.

#include "dcs/problems/dlcp_problem.hpp"
#include "dcs/types.hpp"

namespace relcp::dcs {

DenseMatrix wuchen_small_A();
DenseMatrix wuchen_small_B();
DenseMatrix wuchen_small_N();
DenseMatrix wuchen_small_M();

// v(t) = (sqrt(t)(1 - cos t^2), 3 cos(3 pi t), sqrt(t)(1 - cos 3t^2)); f = -v.
Vector wuchen_small_v(double t);

// The choice of docs/dlcp.md for the missing data (not the paper's): g keeps the surviving
// g_1 = t e^-t + 3/20 and the printed fragments t e^{-t/4} (+ 3/20) of the other components,
// shifted by (7/4, 2, 3); x0 = (1/4, -3/4, -1). Every LCP on [0, 1] is then feasible, y_1 = y_3 = 0
// as in [PL] Fig 4.2, y_4 is active on part of the interval, and the one-window iteration
// converges for h = 2^-5..2^-9. (Data with y_2 active as well made the one-window iteration
// break down after two sweeps; see docs/dlcp.md.)
Vector wuchen_small_chosen_g(double t);
Vector wuchen_small_chosen_x0();

// g: 4 components; x0: 3. Throws InputError when the sizes differ.
DlcpProblem make_wuchen_small_problem(TimeFunction g, Vector x0);

}  // namespace relcp::dcs
