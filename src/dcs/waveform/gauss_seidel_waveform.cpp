#include "dcs/waveform/gauss_seidel_waveform.hpp"

#include "core/error.hpp"
#include "core/stopwatch.hpp"
#include "dcs/waveform/gauss_seidel_waveform_windows.hpp"
#include "dcs/waveform/implicit_euler.hpp"

namespace relcp::dcs {
namespace {

DenseMatrix sample(const TimeGrid& grid, Eigen::Index size, const std::function<Vector(double)>& value) {
  DenseMatrix samples(size, grid.points());
  for (Eigen::Index j = 0; j < grid.points(); ++j) samples.col(j) = value(grid.t(j));
  return samples;
}

}  // namespace

InfeasibleLcpPolicy parse_infeasible_policy(std::string_view name) {
  if (name == "fail") return InfeasibleLcpPolicy::fail;
  if (name == "coupled") return InfeasibleLcpPolicy::coupled;
  throw InputError("infeasible", "unknown policy '" + std::string(name) + "' (known: fail, coupled)");
}

void require_selection_applies(const DenseMatrix& M, LcpSelection selection) {
  if (selection_applies(M, selection) == false) {
    throw InputError("selection", "selection '" + std::string(to_string(selection)) + "' needs M to be " +
                                      std::string(selection_requirement(selection)));
  }
}

void require_reference_fits(const WaveformOptions& options, Eigen::Index state_size, const TimeGrid& grid) {
  if (options.reference && (options.reference->rows() != state_size || options.reference->cols() != grid.points())) {
    throw InputError("reference", "the reference trajectory does not match the grid");
  }
}

WaveformResult solve_gauss_seidel_waveform(const DlcpProblem& problem, const TimeGrid& grid,
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

  Stopwatch watch;
  const DenseMatrix offsets = sample(grid, n, [&](double t) { return problem.offset(t); });
  const DenseMatrix sources = sample(grid, m, [&](double t) { return problem.source(t); });
  report.split.interpolation += watch.seconds();
  watch.restart();
  const auto solver = make_shifted_solver(problem.A, h, options.linear_solver);
  report.linear_solver = std::string(solver->name());
  report.split.linear_algebra += watch.seconds();
  const LcpSelectionSolver lcp(problem.M, options.selection, options.lcp_tolerance);

  std::vector<std::vector<double>> changes, errors;
  std::vector<LcpOutcome> outcomes;
  report.converged = true;
  for (const WaveformWindow& window : waveform_windows(grid.steps, options.window)) {
    const Eigen::Index first = window.start + 1;
    const Eigen::Index size = window.size();
    auto states = X.middleCols(first, size);
    states.colwise() = X.col(window.start);  // x_j^0 = x_a
    DenseMatrix multipliers = DenseMatrix::Zero(n, size);
    std::vector<double>& change = changes.emplace_back();
    std::vector<double>& error = errors.emplace_back();
    if (options.reference) error.push_back(max_column_difference(X, *options.reference, first, window.last));

    int k = 0;
    bool window_converged = false;
    while (k < options.max_iterations && !window_converged) {
      ++k;
      watch.restart();
      const DenseMatrix Q = problem.N * states + offsets.middleCols(first, size);
      report.split.linear_algebra += watch.seconds();

      const LcpBatchReport batch = backend.solve(lcp, Q, multipliers, outcomes);
      report.split.lcp += batch.solve_seconds - batch.transfer_seconds;
      report.split.transfer += batch.transfer_seconds;
      report.lcp_iterations += batch.total_iterations;
      if (!batch.all_converged()) {
        report.lcp_failed = true;
        report.converged = false;
        report.failure_time = grid.t(first + batch.first_failure);
        report.failure_status = batch.first_failure_status;
        break;
      }

      watch.restart();
      double largest_change = 0.0;
      for (Eigen::Index i = 0; i < size; ++i) {
        const Vector previous = i == 0 ? Vector(X.col(window.start)) : Vector(states.col(i - 1));
        const Vector rhs = previous + h * (problem.B * multipliers.col(i) + sources.col(first + i));
        const Vector next = solver->solve(rhs);
        largest_change = std::max(largest_change, (next - states.col(i)).lpNorm<Eigen::Infinity>());
        states.col(i) = next;
      }
      report.split.linear_algebra += watch.seconds();
      change.push_back(largest_change);
      if (options.reference) error.push_back(max_column_difference(X, *options.reference, first, window.last));
      window_converged = largest_change <= options.tolerance;
    }
    Y.middleCols(first, size) = multipliers;
    report.window_iterations.push_back(k);
    report.iterations = std::max(report.iterations, k);
    if (report.lcp_failed) {
      X.conservativeResize(m, window.last + 1);
      Y.conservativeResize(n, window.last + 1);
      break;
    }
    report.converged = report.converged && window_converged;
  }
  report.change_history = merge_window_histories(changes);
  report.error_history = merge_window_histories(errors);
  report.krylov_iterations = solver->iterations();
  return result;
}

}  // namespace relcp::dcs
