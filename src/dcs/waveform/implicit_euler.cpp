#include "dcs/waveform/implicit_euler.hpp"

#include "core/stopwatch.hpp"
#include "dcs/problems/dlcp_matrix_properties.hpp"

namespace relcp::dcs {
namespace {

// Keeping (I - h A)^-1 B saves one solve per step; beyond this many entries it is not stored.
constexpr Eigen::Index kStoredResponseLimit = 25'000'000;

}  // namespace

DenseMatrix implicit_euler_step_matrix(const DlcpProblem& problem, double h, const ShiftedSystemSolver& solver) {
  const DenseMatrix response = solver.solve(DenseMatrix(problem.B));
  return h * (problem.N * response) + problem.M;
}

Vector initial_complementarity(const DlcpProblem& problem, LcpSelection selection, double tolerance, bool& solved) {
  const Vector q = problem.N * problem.x0 + problem.offset(0.0);
  return initial_complementarity(problem.M, q, selection, tolerance, solved);
}

ImplicitEulerResult solve_implicit_euler(const DlcpProblem& problem, const TimeGrid& grid,
                                         const ImplicitEulerOptions& options) {
  validate(problem);
  ImplicitEulerResult result;
  ImplicitEulerReport& report = result.report;
  DlcpTrajectory& trajectory = result.trajectory;
  const Eigen::Index m = problem.state_size();
  const Eigen::Index n = problem.constraint_size();
  const double h = grid.h;
  trajectory = start_trajectory(
      grid, problem.x0,
      initial_complementarity(problem, options.selection, options.lcp_tolerance, report.initial_lcp_solved));

  Stopwatch watch;
  const auto solver = make_shifted_solver(problem.A, h, options.linear_solver);
  report.linear_solver = std::string(solver->name());
  const bool store_response = m * n <= kStoredResponseLimit;
  DenseMatrix response;  // (I - h A)^-1 B
  DenseMatrix step_matrix;
  if (store_response) {
    response = solver->solve(DenseMatrix(problem.B));
    step_matrix = h * (problem.N * response) + problem.M;
  } else {
    step_matrix = implicit_euler_step_matrix(problem, h, *solver);
  }
  report.split.linear_algebra += watch.seconds();

  report.step_matrix_largest_off_diagonal = largest_off_diagonal(step_matrix);
  report.step_matrix_is_z = report.step_matrix_largest_off_diagonal <= 0.0;
  report.step_matrix_is_p = is_p_matrix(step_matrix);
  report.selection_applies = selection_applies(step_matrix, options.selection);
  const LcpSelectionSolver lcp(step_matrix, options.selection, options.lcp_tolerance);

  Vector y = trajectory.Y.col(0).allFinite() ? Vector(trajectory.Y.col(0)) : Vector::Zero(n);
  for (Eigen::Index j = 1; j <= grid.steps; ++j) {
    const double t = grid.t(j);
    watch.restart();
    const Vector rhs = trajectory.X.col(j - 1) + h * problem.source(t);
    const Vector free_state = solver->solve(rhs);
    const Vector q = problem.N * free_state + problem.offset(t);
    report.split.linear_algebra += watch.seconds();

    watch.restart();
    const LcpOutcome outcome = lcp.solve(q, y);
    report.split.lcp += watch.seconds();
    report.lcp_iterations += outcome.iterations;
    if (outcome.status != lcp::Status::converged) {
      report.failed_step = j;
      report.failure_status = outcome.status;
      trajectory.X.conservativeResize(m, j);
      trajectory.Y.conservativeResize(n, j);
      break;
    }

    watch.restart();
    trajectory.Y.col(j) = y;
    if (store_response) {
      trajectory.X.col(j) = free_state + h * (response * y);
    } else {
      trajectory.X.col(j) = solver->solve(Vector(rhs + h * (problem.B * y)));
    }
    report.split.linear_algebra += watch.seconds();
  }
  report.completed = report.failed_step < 0;
  report.krylov_iterations = solver->iterations();
  return result;
}

}  // namespace relcp::dcs
