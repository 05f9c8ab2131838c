#pragma once
// The direct time-stepping baseline for the DLCP ([GS] (1.5)-(1.6), [PL] (1.3)-(1.4)):
//   u_j = (I - h A)^-1 (x_{j-1} + h f_j),
//   y_j = selected solution of LCP(q_j, M^h),  q_j = g_j + N u_j,  M^h = h N (I - h A)^-1 B + M,
//   x_j = u_j + h (I - h A)^-1 B y_j.
// M^h need not keep the P- or Z-property of M unless h is small; the report says whether it
// does, and the run stops at the first step whose LCP has no (found) solution, keeping the
// trajectory up to there ([PL] Fig 4.4: breakdown for t > 0.75 at h = 2^-6).

#include <optional>
#include <string>

#include "dcs/batched/lcp_selection.hpp"
#include "dcs/problems/dlcp_problem.hpp"
#include "dcs/problems/dlcp_time_grid.hpp"
#include "dcs/problems/dlcp_trajectory.hpp"
#include "dcs/waveform/dlcp_shifted_solver.hpp"

namespace relcp::dcs {

struct ImplicitEulerOptions {
  LcpSelection selection = LcpSelection::unique;
  double lcp_tolerance = 1e-10;
  ShiftedSolverSettings linear_solver;
};

struct ImplicitEulerReport {
  bool completed = false;         // every step's LCP was solved
  Eigen::Index failed_step = -1;  // the first step j whose LCP failed
  lcp::Status failure_status = lcp::Status::converged;
  double step_matrix_largest_off_diagonal = 0.0;  // of M^h; Z exactly when <= 0
  bool step_matrix_is_z = false;
  std::optional<bool> step_matrix_is_p;   // nullopt: undecided (large non-Z M^h)
  std::optional<bool> selection_applies;  // M^h in the selection's class
  bool initial_lcp_solved = false;        // y_0 from LCP(N x0 + g(0), M)
  long long lcp_iterations = 0;
  long long krylov_iterations = 0;
  std::string linear_solver;  // "direct", "cg", "gmres"
  TimeSplit split;
};

struct ImplicitEulerResult {
  DlcpTrajectory trajectory;  // columns 0..failed_step-1 when the run stopped early
  ImplicitEulerReport report;
};

// M^h = h N (I - h A)^-1 B + M, with the given solver for I - h A.
DenseMatrix implicit_euler_step_matrix(const DlcpProblem& problem, double h, const ShiftedSystemSolver& solver);

// Validates the problem (InputError) first.
ImplicitEulerResult solve_implicit_euler(const DlcpProblem& problem, const TimeGrid& grid,
                                         const ImplicitEulerOptions& options);

// y at t = 0: the selected solution of LCP(N x0 + g(0), M); NaN entries when it has none.
Vector initial_complementarity(const DlcpProblem& problem, LcpSelection selection, double tolerance, bool& solved);

}  // namespace relcp::dcs
