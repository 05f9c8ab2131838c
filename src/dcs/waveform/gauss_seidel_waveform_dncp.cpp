#include "dcs/waveform/gauss_seidel_waveform_dncp.hpp"

#include <optional>

#include "core/stopwatch.hpp"
#include "dcs/waveform/dlcp_coupled_step.hpp"
#include "dcs/waveform/dlcp_ode_step.hpp"
#include "dcs/waveform/gauss_seidel_waveform_windows.hpp"
#include "dcs/waveform/implicit_euler_dncp.hpp"

namespace relcp::dcs {
namespace {

constexpr double kNewtonTolerance = 1e-12;

}  // namespace

WaveformResult solve_gauss_seidel_waveform(const DncpProblem& problem, const TimeGrid& grid,
                                           const WaveformOptions& options, const BatchedLcpBackend& backend) {
  validate(problem);
  require_selection_applies(problem.M, options.selection);
  const Eigen::Index m = problem.state_size();
  const Eigen::Index n = problem.constraint_size();
  require_reference_fits(options, m, grid);
  const double h = grid.h;
  WaveformResult result;
  WaveformReport& report = result.report;
  result.trajectory = start_trajectory(
      grid, problem.x0,
      initial_complementarity(problem, options.selection, options.lcp_tolerance, report.initial_lcp_solved));
  DenseMatrix& X = result.trajectory.X;
  DenseMatrix& Y = result.trajectory.Y;
  report.linear_solver = "newton";

  Stopwatch watch;
  DenseMatrix offsets(n, grid.points());
  for (Eigen::Index j = 0; j < grid.points(); ++j) offsets.col(j) = problem.offset(grid.t(j));
  report.split.interpolation += watch.seconds();
  const LcpSelectionSolver lcp(problem.M, options.selection, options.lcp_tolerance);
  std::optional<LeastNormLcp> least_norm;
  if (options.selection == LcpSelection::least_norm) least_norm.emplace(problem.M);

  std::vector<std::vector<double>> changes, errors;
  std::vector<LcpOutcome> outcomes;
  report.converged = true;
  bool failed = false;
  for (const WaveformWindow& window : waveform_windows(grid.steps, options.window)) {
    const Eigen::Index first = window.start + 1;
    const Eigen::Index size = window.size();
    auto states = X.middleCols(first, size);
    states.colwise() = X.col(window.start);
    DenseMatrix multipliers = DenseMatrix::Zero(n, size);
    std::vector<char> coupled(static_cast<std::size_t>(size), 0);
    std::vector<double>& change = changes.emplace_back();
    std::vector<double>& error = errors.emplace_back();
    if (options.reference) error.push_back(max_column_difference(X, *options.reference, first, window.last));

    int k = 0;
    bool window_converged = false;
    while (k < options.max_iterations && !window_converged && !failed) {
      ++k;
      watch.restart();
      const DenseMatrix Q = problem.N * states + offsets.middleCols(first, size);
      report.split.linear_algebra += watch.seconds();
      const DenseMatrix previous_multipliers = multipliers;
      const LcpBatchReport batch = backend.solve(lcp, Q, multipliers, outcomes);
      report.split.lcp += batch.solve_seconds - batch.transfer_seconds;
      report.split.transfer += batch.transfer_seconds;
      report.lcp_iterations += batch.total_iterations;
      for (Eigen::Index i = 0; i < size && !failed; ++i) {
        if (outcomes[static_cast<std::size_t>(i)].status == lcp::Status::converged) continue;
        if (options.infeasible == InfeasibleLcpPolicy::fail) {
          failed = true;
          report.failure_time = grid.t(first + i);
          report.failure_status = outcomes[static_cast<std::size_t>(i)].status;
        } else if (!coupled[static_cast<std::size_t>(i)]) {
          coupled[static_cast<std::size_t>(i)] = 1;
          ++report.coupled_points;
        }
      }
      if (failed) break;

      watch.restart();
      double largest_change = 0.0;
      for (Eigen::Index i = 0; i < size && !failed; ++i) {
        const double t = grid.t(first + i);
        const Vector previous = i == 0 ? Vector(X.col(window.start)) : Vector(states.col(i - 1));
        Vector next = states.col(i);
        NewtonOutcome newton;
        if (coupled[static_cast<std::size_t>(i)]) {
          Vector y = previous_multipliers.col(i);
          newton = solve_coupled_step(problem, t, h, previous, offsets.col(first + i), next, y, kNewtonTolerance);
          if (newton.converged && least_norm) {
            select_least_norm_multipliers(problem, *least_norm, t, offsets.col(first + i), next, y,
                                          options.lcp_tolerance);
          }
          multipliers.col(i) = y;
        } else {
          newton = solve_ode_step(problem, t, h, previous, multipliers.col(i), next, kNewtonTolerance);
        }
        report.newton_iterations += newton.iterations;
        if (!newton.converged) {
          failed = true;
          report.failure_time = t;
          report.failure_status = lcp::Status::numerical_failure;
          break;
        }
        largest_change = std::max(largest_change, (next - states.col(i)).lpNorm<Eigen::Infinity>());
        states.col(i) = next;
      }
      report.split.linear_algebra += watch.seconds();
      if (failed) break;
      change.push_back(largest_change);
      if (options.reference) error.push_back(max_column_difference(X, *options.reference, first, window.last));
      window_converged = largest_change <= options.tolerance;
    }
    Y.middleCols(first, size) = multipliers;
    report.window_iterations.push_back(k);
    report.iterations = std::max(report.iterations, k);
    if (failed) {
      report.lcp_failed = true;
      report.converged = false;
      X.conservativeResize(m, window.last + 1);
      Y.conservativeResize(n, window.last + 1);
      break;
    }
    report.converged = report.converged && window_converged;
  }
  report.change_history = merge_window_histories(changes);
  report.error_history = merge_window_histories(errors);
  return result;
}

}  // namespace relcp::dcs
