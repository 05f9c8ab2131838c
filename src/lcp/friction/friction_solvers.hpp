#pragma once
// Solvers of the frictional contact problem (friction_contact_problem.hpp), chosen by name:
//
//   ccp        the convex cone complementarity relaxation of Anitescu and Tasora,
//              min 1/2 r^T W r + q^T r over r in the product of the cones, by APGD
//   ccp_bbpgd  the same relaxation by BBPGD
//   coulomb    exact Coulomb friction: the fixed point s = mu ||u_t|| of CCPs with q_n + s,
//              each solved (inexactly, warm started) by APGD
//   nsgs       exact Coulomb friction: projected Gauss-Seidel over the contacts with De Saxce's
//              local projection (the family of Siconos' default NSGS)
//   newton_ac  exact Coulomb friction: semismooth Newton on the Alart-Curnier function, Armijo
//              damped, one sparse LU per iteration (the method of Siconos' NSN_AC)
//
// Every solver reports the Siconos error of the exact Coulomb problem
// (siconos_friction_error.hpp) of the r it returns, recomputed after the solve, and reports
// `converged` only when that error is <= the tolerance. A CCP whose solution has sliding
// contacts is not a Coulomb solution: `ccp` then ends with `stagnation` once the relaxation
// itself is solved to the tolerance (its natural map relative to the same scale).

#include <string>
#include <string_view>
#include <vector>

#include "lcp/friction/friction_contact_problem.hpp"
#include "lcp/status.hpp"
#include "lcp/types.hpp"

namespace relcp::lcp {

struct FrictionSolverOptions {
  double tolerance = 1e-5;  // on the Siconos error (its test suites use 1e-5)
  int max_iterations = 0;   // 0: the solver's default (gradient iterations; nsgs: sweeps)
  Vector warm_start;        // empty: r = 0
};

struct FrictionSolverResult {
  Status status = Status::numerical_failure;
  int iterations = 0;        // gradient iterations (all CCPs together), or nsgs sweeps
  int outer_iterations = 0;  // CCPs solved by `coulomb` (1 for ccp, 0 for nsgs)
  double error = 0.0;        // Siconos error of r, recomputed
  double seconds = 0.0;      // solve time only (set by solve_friction)
  Vector r;                  // reactions
  Vector u;                  // velocities W r + q
};

// The names above, in that order.
const std::vector<std::string>& friction_solver_names();
bool is_friction_solver_name(std::string_view name);

// Throws std::invalid_argument for an unknown name, a tolerance that is not finite and > 0, a
// negative iteration cap or a warm start of the wrong size.
FrictionSolverResult solve_friction(std::string_view solver, const FrictionContactProblem& problem,
                                    const FrictionSolverOptions& options);

FrictionSolverResult solve_ccp_apgd(const FrictionContactProblem& problem, const FrictionSolverOptions& options);
FrictionSolverResult solve_ccp_bbpgd(const FrictionContactProblem& problem, const FrictionSolverOptions& options);
FrictionSolverResult solve_coulomb_fixed_point(const FrictionContactProblem& problem,
                                               const FrictionSolverOptions& options);
FrictionSolverResult solve_coulomb_nsgs(const FrictionContactProblem& problem, const FrictionSolverOptions& options);
FrictionSolverResult solve_coulomb_alart_curnier(const FrictionContactProblem& problem,
                                                 const FrictionSolverOptions& options);

}  // namespace relcp::lcp
