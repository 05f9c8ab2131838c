// The Coulomb fixed point of CCPs (collision/solvers/coulomb_fixed_point) on random frictional
// contact LCPs, on 1-4 ranks: a ReLCP re-solve starts from its warm start's shift, other solves
// from the unshifted CCP, and once a pass is near the tolerance the next passes ask their CCP for
// half of it (docs/friction.md, "Near the tolerance").
#include <gtest/gtest.h>
#include <mpi.h>

#include <memory>
#include <vector>

#include "collision/linalg/distributed_vector_ops.hpp"
#include "collision/solvers/coulomb_fixed_point.hpp"
#include "collision/solvers/distributed_solver_registry.hpp"
#include "lcp/friction/friction_cone.hpp"
#include "support/frictional_lcp.hpp"

namespace relcp::collision {
namespace {

using testing::FrictionalLcp;
using testing::max_difference;

// apgd, recording what each CCP pass was asked: its tolerance, how far its c is from the LCP's
// (the shift it starts from), and the exact residual of the forces it was warm-started from.
class RecordingCcpSolver : public DistributedLcpSolver {
 public:
  RecordingCcpSolver(const FrictionalLcp& lcp, const lcp::FrictionCones& cones)
      : apgd_(make_distributed_solver("apgd")), lcp_(lcp), cones_(cones) {}
  std::string_view name() const override { return "recording apgd"; }
  DistributedSolverResult solve(const DistributedLcp& problem, const DistributedSolverOptions& options) const override {
    Pass pass;
    pass.tolerance = options.tolerance;
    pass.shift = max_difference(problem.c, lcp_.c());
    pass.warm_start_residual = options.warm_start ? lcp_.exact_residual(cones_, *options.warm_start) : -1.0;
    passes.push_back(pass);
    return apgd_->solve(problem, options);
  }

  struct Pass {
    double tolerance = 0.0;
    double shift = 0.0;
    double warm_start_residual = 0.0;  // -1: cold
  };
  mutable std::vector<Pass> passes;

 private:
  std::unique_ptr<DistributedLcpSolver> apgd_;
  const FrictionalLcp& lcp_;
  const lcp::FrictionCones& cones_;
};

DistributedSolverOptions on_cones(const lcp::FrictionCones& cones) {
  DistributedSolverOptions options;
  options.tolerance = 1e-9;
  options.cones = &cones;
  return options;
}

TEST(CoulombFixedPoint, AReSolveStartsFromItsWarmStartsShift) {
  const FrictionalLcp problem(32);
  const lcp::FrictionCones cones = problem.cones(0.2);
  DistributedSolverOptions options = on_cones(cones);
  const RecordingCcpSolver cold_solver(problem, cones);
  const CoulombSolve cold = solve_coulomb_fixed_point(cold_solver, problem.lcp(), options, 50);
  ASSERT_TRUE(cold.fixed_point_converged);
  ASSERT_GT(cold.fixed_point_passes, 1);  // the exact answer is not the unshifted CCP's
  EXPECT_EQ(cold_solver.passes.front().shift, 0.0);

  // From a previous step's forces: the unshifted CCP first, as from a cold start.
  options.warm_start = &cold.result.gamma;
  const RecordingCcpSolver step_solver(problem, cones);
  const CoulombSolve next_step = solve_coulomb_fixed_point(step_solver, problem.lcp(), options, 50);
  EXPECT_TRUE(next_step.fixed_point_converged);
  EXPECT_EQ(step_solver.passes.front().shift, 0.0);

  // A re-solve from the answer: one pass, at the same forces.
  options.warm_start_extends_solution = true;
  const RecordingCcpSolver resolve_solver(problem, cones);
  const CoulombSolve resolve = solve_coulomb_fixed_point(resolve_solver, problem.lcp(), options, 50);
  ASSERT_TRUE(resolve.fixed_point_converged);
  EXPECT_EQ(resolve.fixed_point_passes, 1);
  EXPECT_GT(resolve_solver.passes.front().shift, 0.0);
  EXPECT_LE(problem.exact_residual(cones, resolve.result.gamma), options.tolerance);
  EXPECT_LT(max_difference(resolve.result.gamma, cold.result.gamma), 1e-6);
}

// A pass is asked for half the tolerance exactly when some earlier pass left a Coulomb residual
// within three times the tolerance; the seeds include fixed points that get there.
TEST(CoulombFixedPoint, PassesNearTheToleranceAskTheirCcpForHalfOfIt) {
  int tightened = 0;
  for (std::uint64_t seed = 30; seed < 40; ++seed) {
    const FrictionalLcp problem(seed);
    const lcp::FrictionCones cones = problem.cones(0.3);
    const DistributedSolverOptions options = on_cones(cones);
    const RecordingCcpSolver solver(problem, cones);
    const CoulombSolve solve = solve_coulomb_fixed_point(solver, problem.lcp(), options, 50);
    EXPECT_EQ(static_cast<int>(solver.passes.size()), solve.ccp_solves) << "seed " << seed;
    bool near = false;
    for (std::size_t k = 0; k < static_cast<std::size_t>(solve.fixed_point_passes); ++k) {
      const RecordingCcpSolver::Pass& pass = solver.passes[k];
      if (k > 0) near = near || pass.warm_start_residual <= 3.0 * options.tolerance;
      EXPECT_EQ(pass.tolerance, near ? 0.5 * options.tolerance : options.tolerance) << "seed " << seed << " pass " << k;
    }
    if (near) ++tightened;
    if (solve.fixed_point_converged) EXPECT_LE(problem.exact_residual(cones, solve.result.gamma), options.tolerance);
  }
  EXPECT_GT(tightened, 0);
}

}  // namespace
}  // namespace relcp::collision
