#pragma once
// BBPGD and APGD on distributed problems: the generic algorithms of lcp/projected_gradient.hpp
// (the same code as the serial BbpgdSolver / ApgdSolver) on the TpetraVectorSpace back end,
// stopped when the chosen residual (DistributedSolverOptions::residual) is within the tolerance.
// BBPGD alternates the BB1/BB2 steps; APGD restarts on the gradient test (Mazhar et al.).

#include "collision/distributed_solver.hpp"

namespace relcp::collision {

inline constexpr int kDefaultDistributedGradientIterations = 10000;

class DistributedBbpgdSolver final : public DistributedLcpSolver {
 public:
  std::string_view name() const override { return "bbpgd"; }
  DistributedSolverResult solve(const DistributedLcp& problem,
                                const DistributedSolverOptions& options) const override;
};

class DistributedApgdSolver final : public DistributedLcpSolver {
 public:
  std::string_view name() const override { return "apgd"; }
  DistributedSolverResult solve(const DistributedLcp& problem,
                                const DistributedSolverOptions& options) const override;
};

}  // namespace relcp::collision
