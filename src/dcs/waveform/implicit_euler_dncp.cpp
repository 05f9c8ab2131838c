#include "dcs/waveform/implicit_euler_dncp.hpp"

#include <optional>

#include "core/stopwatch.hpp"
#include "dcs/waveform/dlcp_coupled_step.hpp"

namespace relcp::dcs {

Vector initial_complementarity(const DncpProblem& problem, LcpSelection selection, double tolerance, bool& solved) {
  const Vector q = problem.N * problem.x0 + problem.offset(0.0);
  return initial_complementarity(problem.M, q, selection, tolerance, solved);
}

CoupledEulerResult solve_coupled_backward_euler(const DncpProblem& problem, const TimeGrid& grid,
                                                const CoupledEulerOptions& options) {
  validate(problem);
  const Stopwatch watch;
  CoupledEulerResult result;
  CoupledEulerReport& report = result.report;
  DlcpTrajectory& trajectory = result.trajectory;
  const Eigen::Index m = problem.state_size();
  const Eigen::Index n = problem.constraint_size();
  trajectory = start_trajectory(
      grid, problem.x0,
      initial_complementarity(problem, options.selection, options.lcp_tolerance, report.initial_lcp_solved));

  std::optional<LeastNormLcp> least_norm;
  if (options.selection == LcpSelection::least_norm) least_norm.emplace(problem.M);
  Vector x = problem.x0;
  Vector y = trajectory.Y.col(0).allFinite() ? Vector(trajectory.Y.col(0)) : Vector::Zero(n);
  for (Eigen::Index j = 1; j <= grid.steps; ++j) {
    const double t = grid.t(j);
    const Vector g_t = problem.offset(t);
    const Vector x_prev = trajectory.X.col(j - 1);
    const NewtonOutcome outcome = solve_coupled_step(problem, t, grid.h, x_prev, g_t, x, y, options.newton_tolerance);
    report.step_iterations.push_back(outcome.iterations);
    report.newton_iterations += outcome.iterations;
    if (!outcome.converged) {
      report.failed_step = j;
      trajectory.X.conservativeResize(m, j);
      trajectory.Y.conservativeResize(n, j);
      break;
    }
    if (least_norm) select_least_norm_multipliers(problem, *least_norm, t, g_t, x, y, options.lcp_tolerance);
    trajectory.X.col(j) = x;
    trajectory.Y.col(j) = y;
  }
  report.completed = report.failed_step < 0;
  report.split.linear_algebra = watch.seconds();
  return result;
}

}  // namespace relcp::dcs
