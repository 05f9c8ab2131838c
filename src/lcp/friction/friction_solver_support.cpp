#include "lcp/friction/friction_solver_support.hpp"

#include <cmath>
#include <stdexcept>
#include <string>
#include <utility>

#include "lcp/friction/siconos_friction_error.hpp"

namespace relcp::lcp::friction_detail {

SolveStart checked_start(std::string_view solver, Index size, const FrictionSolverOptions& options,
                         int default_iterations) {
  const std::string name(solver);
  if (!(std::isfinite(options.tolerance) && options.tolerance > 0.0)) {
    throw std::invalid_argument(name + ": the tolerance must be finite and > 0");
  }
  if (options.max_iterations < 0) throw std::invalid_argument(name + ": negative iteration cap");
  if (options.warm_start.size() != 0 && options.warm_start.size() != size) {
    throw std::invalid_argument(name + ": the warm start has the wrong size");
  }
  SolveStart start;
  start.max_iterations = options.max_iterations > 0 ? options.max_iterations : default_iterations;
  start.r = options.warm_start.size() == 0 ? Vector(Vector::Zero(size)) : options.warm_start;
  return start;
}

FrictionSolverResult report(const FrictionSolverOptions& options, Status status, int iterations, int outer_iterations,
                            Vector r, Vector u, double error) {
  FrictionSolverResult result;
  result.iterations = iterations;
  result.outer_iterations = outer_iterations;
  result.error = error;
  result.r = std::move(r);
  result.u = std::move(u);
  if (!std::isfinite(result.error)) {
    result.status = Status::numerical_failure;
  } else if (result.error <= options.tolerance) {
    result.status = Status::converged;  // whatever stopped the solver, r is a solution
  } else {
    result.status = status == Status::converged ? Status::stagnation : status;
  }
  return result;
}

// The zero start lies in the cones: projecting it changes nothing.
SolveStart start_solve(const FrictionContactProblem& problem, const FrictionSolverOptions& options,
                       int default_iterations) {
  SolveStart start = checked_start("friction solver", problem.size(), options, default_iterations);
  for (Index contact = 0; contact < problem.contacts(); ++contact) {
    const Index row = FrictionContactProblem::kDimension * contact;
    project_onto_contact_cone(problem.mu()[contact], start.r[row], start.r[row + 1], start.r[row + 2]);
  }
  return start;
}

FrictionSolverResult finish(const FrictionContactProblem& problem, const FrictionSolverOptions& options, Status status,
                            int iterations, int outer_iterations, Vector r) {
  Vector u = problem.velocity(r);
  const double error = siconos_friction_error(problem, r, u).relative();
  return report(options, status, iterations, outer_iterations, std::move(r), std::move(u), error);
}

}  // namespace relcp::lcp::friction_detail
