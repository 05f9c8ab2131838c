#include "lcp/friction/rolling_solver_support.hpp"

#include <utility>

#include "lcp/friction/siconos_rolling_error.hpp"

namespace relcp::lcp::friction_detail {

// The zero start lies in the cones: projecting it changes nothing.
SolveStart start_solve(const RollingFrictionProblem& problem, const FrictionSolverOptions& options,
                       int default_iterations) {
  SolveStart start = checked_start("rolling friction solver", problem.size(), options, default_iterations);
  problem.project_onto_cones(start.r);
  return start;
}

FrictionSolverResult finish(const RollingFrictionProblem& problem, const FrictionSolverOptions& options, Status status,
                            int iterations, int outer_iterations, Vector r) {
  Vector u = problem.velocity(r);
  const double error = siconos_rolling_error(problem, r, u).relative();
  return report(options, status, iterations, outer_iterations, std::move(r), std::move(u), error);
}

}  // namespace relcp::lcp::friction_detail
