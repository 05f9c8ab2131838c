#include "dcs/waveform/gauss_seidel_waveform_projected.hpp"

#include <algorithm>

#include "core/stopwatch.hpp"
#include "dcs/waveform/gauss_seidel_waveform_windows.hpp"

namespace relcp::dcs {

WaveformResult solve_projected_waveform(const ProjectedDynamicalSystem& system, const TimeGrid& grid,
                                        const WaveformOptions& options) {
  const Eigen::Index m = system.x0.size();
  require_reference_fits(options, m, grid);
  const double h = grid.h;
  const Stopwatch watch;
  WaveformResult result;
  WaveformReport& report = result.report;
  DenseMatrix& X = result.trajectory.X;
  DenseMatrix& Y = result.trajectory.Y;
  result.trajectory.grid = grid;
  X.resize(m, grid.points());
  Y = DenseMatrix::Zero(2 * m, grid.points());
  X.col(0) = system.x0;
  report.initial_lcp_solved =
      (system.x0.array() >= system.lower.array()).all() && (system.x0.array() <= system.upper.array()).all();
  report.linear_solver = "projection";

  std::vector<std::vector<double>> changes, errors;
  report.converged = true;
  for (const WaveformWindow& window : waveform_windows(grid.steps, options.window)) {
    const Eigen::Index first = window.start + 1;
    const Eigen::Index size = window.size();
    auto states = X.middleCols(first, size);
    states.colwise() = X.col(window.start);
    std::vector<double>& change = changes.emplace_back();
    std::vector<double>& error = errors.emplace_back();
    if (options.reference) error.push_back(max_column_difference(X, *options.reference, first, window.last));
    int k = 0;
    bool window_converged = false;
    while (k < options.max_iterations && !window_converged) {
      ++k;
      double largest_change = 0.0;
      for (Eigen::Index i = 0; i < size; ++i) {
        const Eigen::Index j = first + i;
        const Vector free_step = X.col(j - 1) + h * system.F(grid.t(j), states.col(i));
        const Vector next = project_onto_box(system, free_step);
        largest_change = std::max(largest_change, (next - states.col(i)).lpNorm<Eigen::Infinity>());
        states.col(i) = next;
        Y.col(j).head(m) = ((next - free_step) / h).cwiseMax(0.0);
        Y.col(j).tail(m) = ((free_step - next) / h).cwiseMax(0.0);
      }
      change.push_back(largest_change);
      if (options.reference) error.push_back(max_column_difference(X, *options.reference, first, window.last));
      window_converged = largest_change <= options.tolerance;
    }
    report.window_iterations.push_back(k);
    report.iterations = std::max(report.iterations, k);
    report.converged = report.converged && window_converged;
  }
  report.change_history = merge_window_histories(changes);
  report.error_history = merge_window_histories(errors);
  report.split.linear_algebra = watch.seconds();
  return result;
}

}  // namespace relcp::dcs
