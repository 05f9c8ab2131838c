#pragma once
// The Gauss-Seidel iteration for a projected dynamical system on a box, as reconstructed for
// [GS]'s missing "(4.14)" ([GS] Sec. 4.2; docs/dlcp.md, "PDS"): substituting the backward-Euler
// step with F lagged, x = x_{j-1} + h (F(t_j, x_j^k) + u1 - u2), into the box constraints gives
// an LCP with matrix h [I -I; -I I] whose solution is the projection, so
//   x_j^{k+1} = P_Omega(x_{j-1}^{k+1} + h F(t_j, x_j^k)),
// windows as in gauss_seidel_waveform.hpp (window = 1: the single-point method of [GS] Fig 4.6).
// Contraction factor about h Lip(F). The fixed point is backward Euler for the PDS
// (implicit_euler_dncp.hpp on as_dncp(system)). Y holds the multipliers u1, u2 of each step.

#include "dcs/problems/projected_dynamical_system_problem.hpp"
#include "dcs/waveform/gauss_seidel_waveform.hpp"

namespace relcp::dcs {

// Uses window, tolerance, max_iterations and reference of the options.
WaveformResult solve_projected_waveform(const ProjectedDynamicalSystem& system, const TimeGrid& grid,
                                        const WaveformOptions& options);

}  // namespace relcp::dcs
