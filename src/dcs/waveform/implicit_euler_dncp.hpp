#pragma once
// Backward Euler for the semi-affine DNCP ([GS] (1.4)), each step solved as a coupled system by
// semismooth Newton (dlcp_coupled_step.hpp): the sequential baseline of [GS] Figs 4.4 and 4.6
// and the reference of the Gauss-Seidel iteration (its fixed point at the same h). For a DLCP
// written as a DNCP it agrees with implicit_euler.hpp up to the selection among non-unique y.

#include <vector>

#include "dcs/batched/lcp_selection.hpp"
#include "dcs/problems/dlcp_dncp_problem.hpp"
#include "dcs/problems/dlcp_time_grid.hpp"
#include "dcs/problems/dlcp_trajectory.hpp"

namespace relcp::dcs {

struct CoupledEulerOptions {
  LcpSelection selection = LcpSelection::unique;  // least-norm: y re-selected after each step
  double lcp_tolerance = 1e-10;                   // y_0 and the least-norm re-selection
  double newton_tolerance = 1e-12;
};

struct CoupledEulerReport {
  bool completed = false;
  Eigen::Index failed_step = -1;     // first step whose Newton solve failed
  std::vector<int> step_iterations;  // Newton iterations of steps 1..J ([GS] Fig 4.6)
  long long newton_iterations = 0;
  bool initial_lcp_solved = false;
  TimeSplit split;  // all of it counted as linear algebra
};

struct CoupledEulerResult {
  DlcpTrajectory trajectory;  // columns 0..failed_step-1 when the run stopped early
  CoupledEulerReport report;
};

// Validates the problem (InputError) first.
CoupledEulerResult solve_coupled_backward_euler(const DncpProblem& problem, const TimeGrid& grid,
                                                const CoupledEulerOptions& options);

// y at t = 0 for a DNCP: the selected solution of LCP(N x0 + g(0), M); NaN when it has none.
Vector initial_complementarity(const DncpProblem& problem, LcpSelection selection, double tolerance, bool& solved);

}  // namespace relcp::dcs
