#pragma once
// The four-diode bridge rectifier of [GS] Sec. 4.1 (docs/dlcp.md), one copy per capacitance:
//   C_i x_i' = -R(x_i) + B y_i + I_s(t),   0 <= y_i  perp  N x_i + M y_i >= 0,   x_i(0) = 0,
// with R(v) = e^{v/50} - 1, I_s(t) = 10 sin(18 pi t + 2) - 0.5, B = (1, 0, 1, 0),
// N = (1, 0, 1, 0)^T and the skew-symmetric M of (4.2b). Stochastic collocation decouples into
// independent rectifiers (one per collocation point), stacked here into one DNCP with
// m = q, n = 4q and block-diagonal N, M.
//
// Well-posedness (docs/dlcp.md, "Rectifier infeasibility"): LCP(N x, M) is infeasible for x < 0
// and has the least-norm solution y = 0 for x >= 0, so the least-norm Gauss-Seidel iteration cannot
// reproduce the phases where backward Euler clamps x at 0; docs/dlcp.md gives the policy.

#include <vector>

#include "dcs/problems/dlcp_dncp_problem.hpp"

namespace relcp::dcs {

double rectifier_source(double t);        // I_s
double schottky_current(double voltage);  // R

// C(xi) = 1.8 + xi1 / (1 + xi2^2) at six stochastic-testing points ([GS] Sec. 4.1; docs/dlcp.md):
// (0,0), (+-sqrt(0.6), 0), (0, +-sqrt(3)), (sqrt(0.6), sqrt(3)).
std::vector<double> rectifier_collocation_capacitances();

// Throws InputError (key "capacitances") for an empty list or a capacitance <= 0.
DncpProblem make_rectifier_problem(const std::vector<double>& capacitances);

}  // namespace relcp::dcs
