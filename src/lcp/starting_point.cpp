#include "lcp/starting_point.hpp"

#include <algorithm>
#include <string>

#include "core/error.hpp"

namespace relcp::lcp {

Vector projected_starting_point(const LcpProblem& problem, const SolverOptions& options, double cold_value) {
  const Index n = problem.size();
  if (options.warm_start.size() == 0) return Vector::Constant(n, cold_value);
  if (options.warm_start.size() != n) {
    throw InputError("warm_start", "has " + std::to_string(options.warm_start.size()) + " entries, the problem has " +
                                       std::to_string(n));
  }
  if (!options.warm_start.allFinite()) {
    throw InputError("warm_start", "contains a non-finite entry");
  }
  return options.warm_start.cwiseMax(0.0);
}

int iteration_limit(const SolverOptions& options, int solver_default) {
  if (options.max_iterations < 0) {
    throw InputError("max_iterations",
                     "must be >= 0 (0 = solver default), got " + std::to_string(options.max_iterations));
  }
  return options.max_iterations > 0 ? options.max_iterations : solver_default;
}

int pivot_limit(const SolverOptions& options, Index n) {
  return iteration_limit(options, static_cast<int>(std::max<Index>(50 * n, 50)));
}

}  // namespace relcp::lcp
