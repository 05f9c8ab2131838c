#include "lcp/newton/newton_stopping.hpp"

#include <cmath>

namespace relcp::lcp {

std::optional<Status> newton_stopping_status(double theta, double previous_theta, double residual, int iterations,
                                             int limit, const SolverOptions& options) {
  if (!std::isfinite(theta)) return Status::numerical_failure;
  if (residual <= options.tolerance) return Status::converged;
  if (options.relative_tolerance > 0.0 && iterations > 0 &&
      std::abs(theta - previous_theta) <= options.relative_tolerance * previous_theta) {
    return Status::stagnation;
  }
  if (iterations >= limit) return Status::max_iterations;
  return std::nullopt;
}

}  // namespace relcp::lcp
