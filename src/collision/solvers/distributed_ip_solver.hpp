#pragma once
// The interior-point solver "ip" (docs/collision_alm.md, "ip"): Mehrotra's predictor-corrector on
// the body-space form of the contact LCP (body_space/interior_point.hpp), gathered on rank 0 or
// distributed like alm (BodySpaceParameters::factorization), one factorization per iteration. The loop
// and statuses are alm's (body_space_solver.hpp); max_iterations defaults to 100.

#include "collision/body_space/cholmod_newton_factorization.hpp"
#include "collision/solvers/body_space_parameters.hpp"
#include "collision/solvers/distributed_solver.hpp"

namespace relcp::collision {

inline constexpr int kDefaultIpIterations = 100;

class DistributedIpSolver final : public DistributedLcpSolver {
 public:
  explicit DistributedIpSolver(BodySpaceParameters parameters = {}) : parameters_(parameters) {}
  std::string_view name() const override { return "ip"; }
  DistributedSolverResult solve(const DistributedLcp& problem, const DistributedSolverOptions& options) const override;

 private:
  BodySpaceParameters parameters_;
  // The gathered factorizations' fill-reducing order, from solve to solve (body_space_solver.hpp).
  mutable FillOrderingMemory ordering_;
};

}  // namespace relcp::collision
