#pragma once
// nsgs: nonsmooth Gauss-Seidel on the contact LCP, gathered on rank 0 in body space
// (body_space/body_space_nsgs.hpp; docs/friction.md, "nsgs"). It takes friction cones with the
// exact Coulomb law (options.exact_coulomb) or the CCP, and frictionless LCPs. One iteration is one
// sweep over the contacts; the residual is the model's natural map.

#include "collision/solvers/distributed_solver.hpp"

namespace relcp::collision {

class DistributedNsgsSolver final : public DistributedLcpSolver {
 public:
  std::string_view name() const override { return "nsgs"; }
  // Collective. std::invalid_argument unless problem.A is a ContactOperator.
  DistributedSolverResult solve(const DistributedLcp& problem, const DistributedSolverOptions& options) const override;
};

}  // namespace relcp::collision
