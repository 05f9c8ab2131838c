#pragma once
// The stopping tests that the Newton-type solvers (min-map, Fischer-Newton) run at the top of
// every iteration, before they compute a new direction.

#include <optional>

#include "lcp/solver.hpp"
#include "lcp/status.hpp"

namespace relcp::lcp {

// Checks, in this order: a non-finite merit theta (numerical_failure), residual <=
// options.tolerance (converged), a change of theta since the previous iterate of at most
// options.relative_tolerance * previous_theta when that option is > 0 and iterations > 0
// (stagnation), iterations >= limit (max_iterations). Returns nullopt when the solver goes on.
std::optional<Status> newton_stopping_status(double theta, double previous_theta, double residual, int iterations,
                                             int limit, const SolverOptions& options);

}  // namespace relcp::lcp
