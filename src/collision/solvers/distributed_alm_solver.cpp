#include "collision/solvers/distributed_alm_solver.hpp"

#include <cmath>

#include "collision/body_space/augmented_lagrangian.hpp"
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
  return solve_in_body_space(
      problem, options, parameters_.factorization, kDefaultAlmNewtonSteps, "alm",
      [penalty, reuse](std::unique_ptr<BodySpace> space, Eigen::VectorXd c, Eigen::VectorXd gamma0) {
        return std::make_unique<BodySpaceAugmentedLagrangian>(std::move(space), std::move(c), std::move(gamma0),
                                                              penalty, reuse);
      },
      parameters_.carry_factorization ? &carry_ : nullptr);
}

}  // namespace relcp::collision
