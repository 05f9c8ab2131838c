#pragma once
// BBPGD, APGD and MPRGP on distributed problems: the generic algorithms of
// lcp/projection/projected_gradient.hpp and lcp/projection/mprgp.hpp (the same code as the serial solvers) on the
// TpetraVectorSpace back end, stopped when the chosen residual (DistributedSolverOptions::residual) is within the
// tolerance. BBPGD alternates the BB1/BB2 steps; APGD restarts on the gradient test (Mazhar et al.).

#include "collision/solvers/distributed_solver.hpp"

namespace relcp::collision {

inline constexpr int kDefaultDistributedGradientIterations = 10000;

class DistributedBbpgdSolver final : public DistributedLcpSolver {
 public:
  std::string_view name() const override { return "bbpgd"; }
  DistributedSolverResult solve(const DistributedLcp& problem, const DistributedSolverOptions& options) const override;
};

class DistributedApgdSolver final : public DistributedLcpSolver {
 public:
  std::string_view name() const override { return "apgd"; }
  DistributedSolverResult solve(const DistributedLcp& problem, const DistributedSolverOptions& options) const override;
};

// MPRGP (lcp/projection/mprgp.hpp) on the same back end: CG on the free set, so its iteration count grows
// with the square root of A's condition number where BBPGD's grows with the condition number.
class DistributedMprgpSolver final : public DistributedLcpSolver {
 public:
  std::string_view name() const override { return "mprgp"; }
  DistributedSolverResult solve(const DistributedLcp& problem, const DistributedSolverOptions& options) const override;
};

}  // namespace relcp::collision
