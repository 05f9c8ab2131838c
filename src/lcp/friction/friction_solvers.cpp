#include "lcp/friction/friction_solvers.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "core/stopwatch.hpp"

namespace relcp::lcp {

const std::vector<std::string>& friction_solver_names() {
  static const std::vector<std::string> names = {"ccp", "ccp_bbpgd", "coulomb", "nsgs", "newton_ac"};
  return names;
}

bool is_friction_solver_name(std::string_view name) {
  const std::vector<std::string>& names = friction_solver_names();
  return std::ranges::find(names, name) != names.end();
}

FrictionSolverResult solve_friction(std::string_view solver, const FrictionContactProblem& problem,
                                    const FrictionSolverOptions& options) {
  using Solve = FrictionSolverResult (*)(const FrictionContactProblem&, const FrictionSolverOptions&);
  Solve solve = nullptr;
  if (solver == "ccp") solve = solve_ccp_apgd;
  if (solver == "ccp_bbpgd") solve = solve_ccp_bbpgd;
  if (solver == "coulomb") solve = solve_coulomb_fixed_point;
  if (solver == "nsgs") solve = solve_coulomb_nsgs;
  if (solver == "newton_ac") solve = solve_coulomb_alart_curnier;
  if (solve == nullptr) throw std::invalid_argument("unknown friction solver '" + std::string(solver) + "'");
  const Stopwatch stopwatch;
  FrictionSolverResult result = solve(problem, options);
  result.seconds = stopwatch.seconds();
  return result;
}

}  // namespace relcp::lcp
