#pragma once
// The default contact solver "auto" (docs/collision.md, "solver: auto"): it picks apgd, alm or ip
// per LCP from what it has seen, so that a user who names no solver gets the fast one.
//
//   1. apgd first: on loose packings and small clusters it is the fastest (the README demo:
//      11.1 s on 2 ranks, alm 11.8 s, bbpgd 30 s).
//   2. When an apgd solve needed more than kAutoHardIterations iterations (a connected,
//      pressurized network: apgd's count grows with its stiffness), the following solves use a
//      body-space Newton method, whose iterations do not follow the conditioning:
//      - on LCPs of at least kAutoInteriorPointRows rows, alm where its factorizations are
//        updated rather than recomputed (gathered on rank 0, newton_update_fraction > 0): at
//        4096 colony cells with carried rows, one rank, 1.32 s and 13 factorizations per step
//        against 1.58 s and 19 with ip's first solves (docs/collision_alm.md, "Updates").
//      - ip on those LCPs otherwise (distributed MUMPS, or updates off), on any number of ranks. Its
//        iterations grow more slowly than alm's: at 4096 colony cells (15,400 rows) it took
//        2.58 s per step on one rank against alm's 3.27, and 2.38 s on two against apgd's 2.93.
//        Late in the 2048-cell generation (7,100 rows) it took 0.82 s on two ranks against
//        apgd's 1.33 and alm's 0.99 on one; at its start ip was 1.2x slower than both, and at
//        1024 cells (3,400 rows) 1.4x slower than alm (docs/results.md, "Body-space solvers").
//      - alm below that, on one rank only: there it was 1.6x faster than apgd at 1024 cells;
//        on two ranks it only broke even, so runs on more ranks keep apgd.
//      - alm, on any number of ranks, for a re-solve whose warm start solves the LCP's earlier
//        rows (DistributedSolverOptions::warm_start_extends_solution: ReLCP's solves after the
//        first of a step). Few rows are new there, and alm's semismooth Newton, unlike ip, starts
//        from the warm start's active set: 3-9 Newton steps against ip's 13-16 iterations. At
//        4096 colony cells with carried rows, one rank: 1.65 s and 35 factorizations per step
//        against ip's 2.13 s and 59 (docs/collision_alm.md, "Factorizations").
//      - ip, before all of the above, on LCPs of at least far_interior_point_rows rows that are
//        far from their warm start: the first solve of a step, or a re-solve after more than
//        far_appended_rows appended rows. alm's Newton steps there grow with the network (200,
//        its cap, on the 32,768-cell colony's second solve of a step) while ip's iterations do
//        not (19-22): 41 s per step against 89 s there, 13.3 against 17.6 s at 16,384 cells;
//        smaller colonies never reach the size (docs/collision_alm.md, "Far solves by ip").
//   0. An LCP with friction cones and at least kAutoFrictionalBbpgdRows rows goes to bbpgd (the
//      Newton methods know no cones; smaller frictional LCPs stay with apgd, rules 1 and 3). On
//      the 10,164-sphere stacks at tolerance 1e-7 (2 ranks) bbpgd's iterations cost 20 % less
//      than apgd's and its count does not wander at the tolerance: `ccp` 0.62-0.73 s per step
//      against 0.93-1.25 s, `coulomb` 3.4-3.8 against 5.0-5.6. On the shipped heaps (3,500-7,100
//      rows) it took 2-3x apgd's iterations at 1e-6 and 1e-7 and was 14-140 % slower there
//      (docs/friction.md, "Which solver with friction").
//   3. An alm or ip solve that does not converge is finished by apgd from its iterate, in the
//      same solve; a far solve by ip that does not converge goes to alm first, from ip's last
//      estimate, and a near re-solve of at least far_interior_point_rows rows that alm leaves at
//      large_resolve_alm_steps goes to ip first.
// The choice is collective (every rank sees the same global size and iteration counts).

#include <mpi.h>

#include <cstdint>
#include <memory>

#include "collision/solvers/body_space_parameters.hpp"
#include "collision/solvers/distributed_solver.hpp"

namespace relcp::collision {

inline constexpr int kAutoHardIterations = 2000;
inline constexpr int kAutoAlmRanks = 1;
// Between the colony's 1024 cells (3,400 rows), where alm and apgd won, and its 2048 cells
// (7,100-7,300 rows), where ip won over the generation.
inline constexpr std::int64_t kAutoInteriorPointRows = 5000;
// Above the colony's first solves at 8192 cells (about 23,000 rows), where ip and alm were even,
// below those at 16,384 (about 46,000), where ip won.
inline constexpr std::int64_t kAutoFarInteriorPointRows = 40000;
// The colony at 32,768 cells, one rank: after 7,800 appended rows ip took 11.0 s against alm's
// 15.8 s, after 1,900 alm 5.1-6.9 s against ip's 9.6 s.
inline constexpr std::int64_t kAutoFarAppendedRows = 5000;
// alm's Newton steps on a near re-solve of at least kAutoFarInteriorPointRows rows before ip
// takes over from its last estimate (alm's own cap). At 32,768 cells ip then took 17 iterations
// where apgd had taken 4,274 (the step 67.6 s against 108.7 s). A cap of 60 cost more than it
// saved: ip after it still needed 16-41 iterations, and alm would have finished in 66-174 steps.
inline constexpr int kAutoLargeResolveAlmSteps = 200;

// Between the shipped heaps' LCPs (3,500-7,100 rows), where apgd won at tolerances 1e-6 and 1e-7,
// and the 1,000-sphere stack's (15,447 rows), where bbpgd won or drew.
inline constexpr std::int64_t kAutoFrictionalBbpgdRows = 10000;

// The thresholds of rules 0 and 2 (tests change them).
struct AutoThresholds {
  std::int64_t frictional_bbpgd_rows = kAutoFrictionalBbpgdRows;
  int hard_iterations = kAutoHardIterations;
  int max_alm_ranks = kAutoAlmRanks;
  std::int64_t interior_point_rows = kAutoInteriorPointRows;
  std::int64_t far_interior_point_rows = kAutoFarInteriorPointRows;
  std::int64_t far_appended_rows = kAutoFarAppendedRows;
  int large_resolve_alm_steps = kAutoLargeResolveAlmSteps;
};

class DistributedAutoSolver final : public DistributedLcpSolver {
 public:
  explicit DistributedAutoSolver(BodySpaceParameters body_space = {}, AutoThresholds thresholds = {});
  std::string_view name() const override { return "auto"; }
  // The solver the last solve used in the end: "apgd", "bbpgd", "alm" or "ip".
  std::string_view last_choice() const { return last_choice_; }
  DistributedSolverResult solve(const DistributedLcp& problem, const DistributedSolverOptions& options) const override;
  // Whether the network was found hard (step 2 above), so that a restart chooses as the run did.
  std::vector<double> saved_state() const override { return {hard_network_ ? 1.0 : 0.0}; }
  void restore_state(const std::vector<double>& state) const override {
    hard_network_ = !state.empty() && state.front() != 0.0;
  }

 private:
  // `newton` with its own cap; where it does not converge, `second` (when given) from its last
  // estimate, then apgd from the last method's (from the caller's start after a breakdown).
  DistributedSolverResult solve_by_newton(const DistributedLcpSolver& newton, const DistributedLcp& problem,
                                          const DistributedSolverOptions& options,
                                          const DistributedLcpSolver* second = nullptr, int max_iterations = 0) const;
  // Whether alm's Newton systems on an LCP of `rows` rows update their factorization (CHOLMOD,
  // gathered or substructured, with newton_update_fraction > 0). Collective.
  bool updates_factorizations(std::int64_t rows, MPI_Comm comm) const;

  // Whether a hard network's LCP goes to ip as far from its warm start (rule 2). Collective.
  bool far_from_warm_start(std::int64_t rows, const DistributedSolverOptions& options) const;

  BodySpaceParameters body_space_;
  AutoThresholds thresholds_;
  std::unique_ptr<DistributedLcpSolver> gradient_;
  std::unique_ptr<DistributedLcpSolver> frictional_gradient_;
  std::unique_ptr<DistributedLcpSolver> augmented_lagrangian_;
  std::unique_ptr<DistributedLcpSolver> interior_point_;
  // The state of rule 2, kept from solve to solve of a run.
  mutable bool hard_network_ = false;
  mutable std::string_view last_choice_ = "apgd";
};

}  // namespace relcp::collision
