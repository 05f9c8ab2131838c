#include "collision/solvers/distributed_alm_solver.hpp"

#include <cmath>

#include "collision/body_space/augmented_lagrangian.hpp"
#include "collision/body_space/cholmod_newton_factorization.hpp"
#include "collision/solvers/body_space_solver.hpp"
#include "core/error.hpp"

namespace relcp::collision {

DistributedSolverResult DistributedAlmSolver::solve(const DistributedLcp& problem,
                                                    const DistributedSolverOptions& options) const {
  if (!(parameters_.penalty > 0.0 && std::isfinite(parameters_.penalty))) {
    throw InputError("alm_penalty", "must be positive and finite");
  }
  const double penalty = parameters_.penalty;
  const NewtonReuse reuse = parameters_.newton_reuse();
  // A re-solve never raises its penalty, so that the next re-solve can continue from it even where
  // this one could not continue (after ip's solve, or one that raised it): docs/collision_alm.md,
  // "Re-solves keep their penalty".
  const bool resolve = parameters_.carry_factorization && options.warm_start_extends_solution;
  return solve_in_body_space(
      problem, options, parameters_.factorization, kDefaultAlmNewtonSteps, "alm",
      [penalty, reuse, resolve](std::unique_ptr<BodySpace> space, Eigen::VectorXd c, Eigen::VectorXd gamma0) {
        auto alm = std::make_unique<BodySpaceAugmentedLagrangian>(std::move(space), std::move(c), std::move(gamma0),
                                                                  penalty, reuse);
        if (resolve) alm->keep_penalty();
        return alm;
      },
      parameters_.carry_factorization ? &carry_ : nullptr, &ordering_);
}

}  // namespace relcp::collision
