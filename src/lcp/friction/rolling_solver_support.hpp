#pragma once
// The rolling overloads of what the frictional solvers share (friction_solver_support.hpp): the
// start projected onto the rolling cones, and the final report with Siconos' rolling error.
// Internal to lcp/friction.

#include <Eigen/Core>

#include "lcp/friction/friction_solver_support.hpp"
#include "lcp/friction/rolling_friction_solvers.hpp"

namespace relcp::lcp::friction_detail {

using RollingBlock = Eigen::Matrix<double, RollingFrictionProblem::kDimension, RollingFrictionProblem::kDimension>;

SolveStart start_solve(const RollingFrictionProblem& problem, const FrictionSolverOptions& options,
                       int default_iterations);
FrictionSolverResult finish(const RollingFrictionProblem& problem, const FrictionSolverOptions& options, Status status,
                            int iterations, int outer_iterations, Vector r);

}  // namespace relcp::lcp::friction_detail
