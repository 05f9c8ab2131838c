#include "collision/solvers/distributed_ip_solver.hpp"

#include "collision/body_space/interior_point.hpp"
#include "collision/solvers/body_space_solver.hpp"

namespace relcp::collision {

DistributedSolverResult DistributedIpSolver::solve(const DistributedLcp& problem,
                                                   const DistributedSolverOptions& options) const {
  const NewtonReuse reuse = parameters_.newton_reuse();
  return solve_in_body_space(
      problem, options, parameters_.factorization, kDefaultIpIterations, "ip",
      [reuse](std::unique_ptr<BodySpace> space, Eigen::VectorXd c, Eigen::VectorXd gamma0) {
        return std::make_unique<BodySpaceInteriorPoint>(std::move(space), std::move(c), std::move(gamma0), reuse);
      },
      nullptr, &ordering_);
}

}  // namespace relcp::collision
