#pragma once
// The default contact solver "auto" (docs/collision.md, "solver: auto"): it picks apgd or alm per
// LCP from what it has seen, so that a user who names no solver gets the fast one.
//
//   1. apgd first: on loose packings and small clusters it is the fastest (the README demo:
//      11.1 s on 2 ranks, alm 11.8 s, bbpgd 30 s).
//   2. When an apgd solve needed more than kAutoHardIterations iterations (a connected,
//      pressurized network: apgd's count grows with its stiffness), the LCP has at most
//      kAutoGatherRows rows and the run has one rank, the following solves use alm, whose
//      Newton steps do not depend on the conditioning. alm works on rank 0 alone: on one rank
//      it was 1.6x faster than apgd at 1024 colony cells, on two ranks it only broke even at
//      512-1024 cells (docs/results.md, "solver: auto"), so runs on more ranks keep apgd.
//   3. An alm solve that does not converge is finished by apgd from alm's iterate, in the same
//      solve; an LCP above kAutoGatherRows rows always goes to apgd.
// The choice is collective (every rank sees the same global size and iteration counts).

#include <memory>

#include "collision/solvers/distributed_solver.hpp"

namespace relcp::collision {

inline constexpr int kAutoHardIterations = 2000;
inline constexpr std::int64_t kAutoGatherRows = 200000;
inline constexpr int kAutoAlmRanks = 1;

class DistributedAutoSolver final : public DistributedLcpSolver {
 public:
  // `hard_iterations`, `max_alm_ranks`: the thresholds of rule 2 (tests change them).
  explicit DistributedAutoSolver(int hard_iterations = kAutoHardIterations, int max_alm_ranks = kAutoAlmRanks);
  std::string_view name() const override { return "auto"; }
  // The solver the last solve used in the end: "apgd" or "alm".
  std::string_view last_choice() const { return last_choice_; }
  DistributedSolverResult solve(const DistributedLcp& problem,
                                const DistributedSolverOptions& options) const override;

 private:
  DistributedSolverResult solve_by_alm(const DistributedLcp& problem, const DistributedSolverOptions& options) const;

  int hard_iterations_;
  int max_alm_ranks_;
  std::unique_ptr<DistributedLcpSolver> gradient_;
  std::unique_ptr<DistributedLcpSolver> newton_;
  // The state of rule 2, kept from solve to solve of a run.
  mutable bool hard_network_ = false;
  mutable std::string_view last_choice_ = "apgd";
};

}  // namespace relcp::collision
