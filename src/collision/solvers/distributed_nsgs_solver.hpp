#pragma once
// nsgs: nonsmooth Gauss-Seidel on the contact LCP (docs/friction.md, "nsgs"), each rank sweeping its
// own contacts (body_space/rank_block_nsgs.hpp) or the LCP gathered on rank 0 in body space
// (body_space/body_space_nsgs.hpp), as NsgsParameters say. It takes friction cones with the
// exact Coulomb law (options.exact_coulomb) or the CCP, and frictionless LCPs. One iteration is one
// sweep over the contacts; the residual is the model's natural map.

#include "collision/solvers/distributed_solver.hpp"
#include "collision/solvers/nsgs_parameters.hpp"

namespace relcp::collision {

class DistributedNsgsSolver final : public DistributedLcpSolver {
 public:
  explicit DistributedNsgsSolver(NsgsParameters parameters = {}) : parameters_(parameters) {}
  std::string_view name() const override { return "nsgs"; }
  // Collective. std::invalid_argument unless problem.A is a ContactOperator.
  DistributedSolverResult solve(const DistributedLcp& problem, const DistributedSolverOptions& options) const override;

 private:
  NsgsParameters parameters_;
};

}  // namespace relcp::collision
