#pragma once
// What the rolling solvers share (rolling_friction_solvers.hpp): checked options, the starting
// point, one contact's 5x5 block of W and the final, recomputed report. Internal to
// lcp/friction.

#include <Eigen/Core>

#include "lcp/friction/rolling_friction_solvers.hpp"

namespace relcp::lcp::rolling_detail {

using RollingBlock = Eigen::Matrix<double, 5, 5>;

// The 5x5 diagonal block of W at rows and columns row .. row + 4 (one contact's own block).
RollingBlock contact_block(const LcpProblem& local, Index row);

// The options checked (std::invalid_argument for a bad tolerance, iteration cap or warm-start
// size), r = the warm start projected onto the rolling cones, or 0, and the iteration cap,
// `default_iterations` when the options leave it at 0.
struct SolveStart {
  Vector r;
  int max_iterations = 0;
};
SolveStart start_solve(const RollingFrictionProblem& problem, const FrictionSolverOptions& options,
                       int default_iterations);

// Fills r, u and the rolling error from r; `converged` with an error above the tolerance
// becomes `stagnation`, a non-finite error a `numerical_failure`.
FrictionSolverResult finish(const RollingFrictionProblem& problem, const FrictionSolverOptions& options, Status status,
                            int iterations, int outer_iterations, Vector r);

}  // namespace relcp::lcp::rolling_detail
