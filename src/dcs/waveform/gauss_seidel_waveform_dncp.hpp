#pragma once
// The Gauss-Seidel waveform iteration for the semi-affine DNCP ([GS] (1.11), (3.3), (3.13)):
// step (a) as for the DLCP (one LCP batch over the window), step (b) the nonlinear ODE step
// z = x_{j-1}^{k+1} + h F(t_j, z, y_j^{k+1}) by Newton's method (dlcp_ode_step.hpp), warm
// started from x_j^k.
//
// A point whose LCP has no solution is handled by options.infeasible: `fail` stops the run;
// `coupled` solves it, in this and every later iteration, by the coupled backward-Euler step
// (dlcp_coupled_step.hpp) from x_{j-1}^{k+1}, so that the fixed point is the coupled
// backward-Euler solution also where the least-norm selection alone has none (the rectifier's
// clamped phases, [GS] Sec. 4.1; docs/dlcp.md, "Rectifier infeasibility").

#include "dcs/batched/batched_lcp.hpp"
#include "dcs/problems/dlcp_dncp_problem.hpp"
#include "dcs/waveform/gauss_seidel_waveform.hpp"

namespace relcp::dcs {

// Throws InputError when the problem is invalid, the reference has the wrong shape or M is not
// in the selection's class.
WaveformResult solve_gauss_seidel_waveform(const DncpProblem& problem, const TimeGrid& grid,
                                           const WaveformOptions& options, const BatchedLcpBackend& backend);

}  // namespace relcp::dcs
