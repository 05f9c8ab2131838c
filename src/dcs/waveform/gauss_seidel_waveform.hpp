#pragma once
// The Gauss-Seidel type waveform iteration of [GS] (1.8)-(1.11) for the DLCP, with windows of
// `window` points (window = 1: the single-point method (1.8); one window over the whole grid:
// [GS]'s experiments). Inside a window, from x_j^0 = x_a for all j ([GS] Thm 3.3):
//   (a) all j at once:   y_j^{k+1} = selection of LCP(N x_j^k + g_j, M)   (one batch, back end)
//   (b) j = 1, 2, ...:   (I - h A) x_j^{k+1} = x_{j-1}^{k+1} + h (B y_j^{k+1} + f_j)
// until max_j ||x_j^{k+1} - x_j^k||_inf <= tolerance. I - h A is factored (or set up for
// Belos) once. The fixed point is the implicit-Euler solution at the same h whenever the
// selected LCP solutions coincide (unique ones, or least elements with a Z-matrix M^h).

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "dcs/batched/batched_lcp.hpp"
#include "dcs/batched/lcp_selection.hpp"
#include "dcs/problems/dlcp_problem.hpp"
#include "dcs/problems/dlcp_time_grid.hpp"
#include "dcs/problems/dlcp_trajectory.hpp"
#include "dcs/waveform/dlcp_shifted_solver.hpp"

namespace relcp::dcs {

// What the DNCP iteration does at a time point whose LCP has no solution (docs/dlcp.md,
// "Rectifier infeasibility"; the rectifier of [GS] Sec. 4.1): `fail` stops the run; `coupled`
// solves that point by the coupled backward-Euler step instead, in this and all later
// iterations.
enum class InfeasibleLcpPolicy { fail, coupled };

// "fail", "coupled". Throws InputError (key "infeasible").
InfeasibleLcpPolicy parse_infeasible_policy(std::string_view name);

struct WaveformOptions {
  Eigen::Index window = 0;  // points per window; 0: one window over the whole grid
  double tolerance = 1e-10;
  int max_iterations = 100;  // per window
  LcpSelection selection = LcpSelection::unique;
  double lcp_tolerance = 1e-10;
  ShiftedSolverSettings linear_solver;                         // DLCP: the (I - h A) solves
  InfeasibleLcpPolicy infeasible = InfeasibleLcpPolicy::fail;  // DNCP only
  // m x (J+1): when given, error_history holds max_j ||x_j^k - reference_j||_inf.
  std::shared_ptr<const DenseMatrix> reference;
};

struct WaveformReport {
  bool converged = false;  // every window met the tolerance and no LCP failed
  int iterations = 0;      // the most any window needed
  std::vector<int> window_iterations;
  std::vector<double> change_history;  // entry k-1: max_j ||x_j^k - x_j^{k-1}||_inf (windows merged)
  std::vector<double> error_history;   // entry k: against the reference, k = 0, 1, ...
  bool lcp_failed = false;             // an LCP had no solution and the policy was `fail`
  double failure_time = 0.0;           // t of the first such point
  lcp::Status failure_status = lcp::Status::converged;
  Eigen::Index coupled_points = 0;  // points handled by the coupled step (policy `coupled`)
  long long lcp_iterations = 0;
  long long newton_iterations = 0;  // DNCP: ODE-step and coupled-step Newton iterations
  long long krylov_iterations = 0;
  std::string linear_solver;
  bool initial_lcp_solved = false;  // y_0 from LCP(N x0 + g(0), M)
  TimeSplit split;
};

struct WaveformResult {
  DlcpTrajectory trajectory;  // the last iterate; columns after a failed window are dropped
  WaveformReport report;
};

// Throws InputError when the problem is invalid, the reference has the wrong shape, or M is
// not in the selection's class (Z for least-element, PSD for least-norm; a P-property that
// cannot be decided is accepted).
WaveformResult solve_gauss_seidel_waveform(const DlcpProblem& problem, const TimeGrid& grid,
                                           const WaveformOptions& options, const BatchedLcpBackend& backend);

// Throws InputError (key "selection") when M is not in the selection's class.
void require_selection_applies(const DenseMatrix& M, LcpSelection selection);

// Throws InputError (key "reference") when options.reference is given and is not
// state_size x grid.points().
void require_reference_fits(const WaveformOptions& options, Eigen::Index state_size, const TimeGrid& grid);

}  // namespace relcp::dcs
