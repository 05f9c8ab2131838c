#pragma once
// Solvers of the rolling friction contact problem (rolling_friction_problem.hpp), chosen by name:
//
//   nsgs       projected Gauss-Seidel over the contacts; each contact's 5-row problem is solved
//              by De Saxce's projection onto its rolling cone with a self-adaptive local step
//              (the method of Siconos' rolling NSGS with its ProjectionOnConeWithLocalIteration
//              local solver)
//   newton_ac  semismooth Newton on the Alart-Curnier function extended to the rolling rows,
//              Armijo damped, one LU per iteration (Siconos has no such rolling solver)
//
// They take the options and give the result of the FC3D solvers (friction_solvers.hpp): the
// error is Siconos' rolling error (siconos_rolling_error.hpp) of the r returned, recomputed after
// the solve, and the status is `converged` only when it is <= the tolerance. The FC3D-only
// solvers (ccp, ccp_bbpgd, coulomb) have no rolling version.

#include <string>
#include <string_view>
#include <vector>

#include "lcp/friction/friction_solvers.hpp"
#include "lcp/friction/rolling_friction_problem.hpp"

namespace relcp::lcp {

// The names above, in that order.
const std::vector<std::string>& rolling_friction_solver_names();
bool is_rolling_friction_solver_name(std::string_view name);

// Throws std::invalid_argument for an unknown name, a tolerance that is not finite and > 0, a
// negative iteration cap or a warm start of the wrong size.
FrictionSolverResult solve_rolling_friction(std::string_view solver, const RollingFrictionProblem& problem,
                                            const FrictionSolverOptions& options);

FrictionSolverResult solve_rolling_nsgs(const RollingFrictionProblem& problem, const FrictionSolverOptions& options);
FrictionSolverResult solve_rolling_alart_curnier(const RollingFrictionProblem& problem,
                                                 const FrictionSolverOptions& options);

}  // namespace relcp::lcp
