#include "dcs/laplace/laplace_iteration.hpp"

#include <memory>
#include <optional>
#include <string>

#include "core/error.hpp"
#include "core/stopwatch.hpp"
#include "dcs/laplace/contour_hyperbolic.hpp"
#include "dcs/laplace/laplace_device_iteration.hpp"
#include "dcs/waveform/gauss_seidel_waveform.hpp"
#include "dcs/waveform/implicit_euler.hpp"

namespace relcp::dcs {
namespace {

DenseMatrix sample_offsets(const DlcpProblem& problem, const TimeGrid& grid) {
  DenseMatrix offsets(problem.constraint_size(), grid.steps);
  for (Eigen::Index j = 1; j <= grid.steps; ++j) offsets.col(j - 1) = problem.offset(grid.t(j));
  return offsets;
}

}  // namespace

LaplaceResult solve_laplace(const DlcpProblem& problem, const TimeGrid& grid, const LaplaceOptions& options,
                            const BatchedLcpBackend& backend) {
  validate(problem);
  require_selection_applies(problem.M, options.selection);
  const Eigen::Index m = problem.state_size();
  const Eigen::Index n = problem.constraint_size();
  const Eigen::Index J = grid.steps;
  if (options.reference && (options.reference->rows() != m || options.reference->cols() != grid.points())) {
    throw InputError("reference", "the reference trajectory does not match the grid");
  }
  if (!(options.tolerance > 0.0)) throw InputError("tolerance", "the tolerance must be positive");
  if (options.max_iterations < 1) throw InputError("max_iterations", "max_iterations must be at least 1");
  if (J > 1000000) throw InputError("h", "the Laplace method is limited to 10^6 time points");

  LaplaceResult result;
  LaplaceReport& report = result.report;
  report.backend = std::string(backend.name());
  const Stopwatch setup;
  const HyperbolicContour contour(HyperbolicContourParameters::wu_chen(options.contour_half_nodes));
  report.theta_max = contour.theta_max();
  const std::optional<SineSpectralSetup> device_setup =
      device_laplace_setup(problem, grid, contour, options, backend.name());
  std::unique_ptr<LaplaceOdeSolver> ode;
  if (device_setup) {
    report.ode_solver = "sine";
    report.device_resident = true;
  } else {
    ode = make_laplace_ode_solver(problem, grid, contour, parse_compute_backend(backend.name()), options.ode);
    report.ode_solver = std::string(ode->name());
  }
  const LcpSelectionSolver lcp_solver(problem.M, options.selection, options.lcp_tolerance);
  const DenseMatrix offsets = sample_offsets(problem, grid);
  report.setup_seconds = setup.seconds();

  DlcpTrajectory& trajectory = result.trajectory;
  trajectory.grid = grid;
  DenseMatrix& X = trajectory.X;
  DenseMatrix& Y = trajectory.Y;
  X = problem.x0.replicate(1, grid.points());
  Y.resize(n, grid.points());
  Y.col(0) = initial_complementarity(problem, options.selection, options.lcp_tolerance, report.initial_lcp_solved);
  if (options.reference) report.error_history.push_back(max_column_difference(X, *options.reference));
  if (!report.initial_lcp_solved) {
    report.lcp_failed = true;
    report.failure_time = 0.0;
    report.failure_status = lcp::Status::infeasible;
    return result;
  }

  if (device_setup) {
#if defined(RELCP_HAVE_CUDA)
    iterate_laplace_on_device(*device_setup, problem, offsets, lcp_solver, options, trajectory, report);
#endif
    return result;
  }

  DenseMatrix q(n, J), y_batch = DenseMatrix::Zero(n, J), next;
  std::vector<LcpOutcome> outcomes;
  for (int k = 1; k <= options.max_iterations; ++k) {
    Stopwatch watch;
    q = problem.N * X.rightCols(J);
    q += offsets;
    report.split.linear_algebra += watch.seconds();
    const LcpBatchReport batch = backend.solve(lcp_solver, q, y_batch, outcomes);
    report.split.lcp += batch.solve_seconds - batch.transfer_seconds;
    report.split.transfer += batch.transfer_seconds;
    report.lcp_iterations += batch.total_iterations;
    report.iterations = k;
    if (!batch.all_converged()) {
      report.lcp_failed = true;
      report.failure_time = grid.t(batch.first_failure + 1);
      report.failure_status = batch.first_failure_status;
      break;
    }
    Y.rightCols(J) = y_batch;
    ode->solve(Y, next, report.split);
    const double change = max_column_difference(next, X);
    X.swap(next);
    report.change_history.push_back(change);
    if (options.reference) report.error_history.push_back(max_column_difference(X, *options.reference));
    if (change <= options.tolerance) {
      report.converged = true;
      break;
    }
  }
  return result;
}

}  // namespace relcp::dcs
