#pragma once
// One step of backward Euler for the DNCP, solved as a coupled system ([GS] (1.4)):
//   x = x_prev + h F(t, x, y),   0 <= y  perp  N x + M y + g(t) >= 0,
// by semismooth Newton on Phi(x, y) = (x - x_prev - h F(t, x, y), min(y, N x + M y + g)).
// Rows of the generalized Jacobian take the y-branch where y_i <= w_i. Where it is singular
// (degenerate LCPs such as the rectifier's skew M) the minimum-norm least-squares step is used;
// steps come from an Armijo search on ||Phi||^2 / 2. [GS] leaves this solver unspecified
// (its baseline (1.7) gives no details); this is the coupled backward-Euler reference of
// docs/dlcp.md.
//
// With the least-norm selection, y is then replaced by the least-norm point of
// SOL(N x + g, M) with the same force F_y y (exact when F is affine in y, as in all built-in
// problems): the coupled system fixes x and F_y y but not how y splits ([GS] Fig 4.2: y1 = y3).

#include "dcs/batched/lcp_selection.hpp"
#include "dcs/problems/dlcp_dncp_problem.hpp"
#include "dcs/waveform/dlcp_newton_outcome.hpp"

namespace relcp::dcs {

// x, y: the starting point on entry, the solution on exit. g_t = g(t). At most 100 Newton steps;
// converged when ||Phi||_inf <= tolerance max(1, ||x||_inf).
NewtonOutcome solve_coupled_step(const DncpProblem& problem, double t, double h, const Vector& x_prev,
                                 const Vector& g_t, Vector& x, Vector& y, double tolerance);

// The least-norm multipliers for a solved coupled step (see above); y is kept when that
// projection fails. `least_norm` must be prepared with problem.M.
void select_least_norm_multipliers(const DncpProblem& problem, const LeastNormLcp& least_norm, double t,
                                   const Vector& g_t, const Vector& x, Vector& y, double tolerance);

}  // namespace relcp::dcs
