#include "lcp/friction/rolling_friction_solvers.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "core/stopwatch.hpp"

namespace relcp::lcp {

const std::vector<std::string>& rolling_friction_solver_names() {
  static const std::vector<std::string> names = {"nsgs", "newton_ac"};
  return names;
}

bool is_rolling_friction_solver_name(std::string_view name) {
  const std::vector<std::string>& names = rolling_friction_solver_names();
  return std::ranges::find(names, name) != names.end();
}

FrictionSolverResult solve_rolling_friction(std::string_view solver, const RollingFrictionProblem& problem,
                                            const FrictionSolverOptions& options) {
  using Solve = FrictionSolverResult (*)(const RollingFrictionProblem&, const FrictionSolverOptions&);
  Solve solve = nullptr;
  if (solver == "nsgs") solve = solve_rolling_nsgs;
  if (solver == "newton_ac") solve = solve_rolling_alart_curnier;
  if (solve == nullptr) throw std::invalid_argument("unknown rolling friction solver '" + std::string(solver) + "'");
  const Stopwatch stopwatch;
  FrictionSolverResult result = solve(problem, options);
  result.seconds = stopwatch.seconds();
  return result;
}

}  // namespace relcp::lcp
