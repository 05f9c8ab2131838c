// nsgs (collision/solvers/distributed_nsgs_solver, body_space/body_space_nsgs) on random contact
// LCPs with friction cones, on 1-4 ranks: the CCP against apgd's, the exact Coulomb problem
// against the fixed point of CCPs where both converge, the exact problem's residual checked
// independently, rolling and spinning cones, an honest status when capped, and nsgs as the
// rescue of a stalled fixed point.
#include <gtest/gtest.h>
#include <mpi.h>

#include <algorithm>
#include <cmath>
#include <random>

#include "collision/assembly/contact_operator.hpp"
#include "collision/linalg/distributed_vector_ops.hpp"
#include "collision/solvers/coulomb_fixed_point.hpp"
#include "collision/solvers/distributed_solver_registry.hpp"
#include "lcp/friction/friction_cone.hpp"
#include "support/frictional_lcp.hpp"

namespace relcp::collision {
namespace {

using testing::FrictionalLcp;
using testing::max_difference;

TEST(Nsgs, SolvesTheCcpAsApgdDoes) {
  const FrictionalLcp problem(31);
  const lcp::FrictionCones cones = problem.cones(0.4);
  DistributedSolverOptions options;
  options.tolerance = 1e-10;
  options.cones = &cones;
  const DistributedSolverResult nsgs = make_distributed_solver("nsgs")->solve(problem.lcp(), options);
  const DistributedSolverResult apgd = make_distributed_solver("apgd")->solve(problem.lcp(), options);
  ASSERT_EQ(nsgs.status, lcp::Status::converged);
  ASSERT_EQ(apgd.status, lcp::Status::converged);
  EXPECT_LT(max_difference(nsgs.gamma, apgd.gamma), 1e-6);
  EXPECT_GT(norm_inf(nsgs.gamma), 0.0);
}

TEST(Nsgs, SolvesTheExactCoulombProblemAsTheFixedPointDoesWhereBothConverge) {
  const FrictionalLcp problem(32);
  const lcp::FrictionCones cones = problem.cones(0.2);
  DistributedSolverOptions options;
  options.tolerance = 1e-9;
  options.cones = &cones;
  const CoulombSolve fixed_point =
      solve_coulomb_fixed_point(*make_distributed_solver("apgd"), problem.lcp(), options, 50);
  ASSERT_TRUE(fixed_point.fixed_point_converged);
  options.exact_coulomb = true;
  const DistributedSolverResult nsgs = make_distributed_solver("nsgs")->solve(problem.lcp(), options);
  ASSERT_EQ(nsgs.status, lcp::Status::converged);
  EXPECT_LE(nsgs.residual, options.tolerance);
  EXPECT_LE(problem.exact_residual(cones, nsgs.gamma), options.tolerance);
  EXPECT_LT(max_difference(nsgs.gamma, fixed_point.result.gamma), 1e-6);
  // The exact answer is not the CCP's: the shift moved the sliding contacts.
  options.exact_coulomb = false;
  const DistributedSolverResult ccp = make_distributed_solver("nsgs")->solve(problem.lcp(), options);
  EXPECT_GT(max_difference(nsgs.gamma, ccp.gamma), 1e-6);
}

TEST(Nsgs, SolvesConesWithRollingAndSpinningResistance) {
  const FrictionalLcp problem(33);
  const lcp::FrictionCones cones = problem.cones(0.5, 0.1, 0.05);
  DistributedSolverOptions options;
  options.tolerance = 1e-9;
  options.cones = &cones;
  options.exact_coulomb = true;
  const DistributedSolverResult nsgs = make_distributed_solver("nsgs")->solve(problem.lcp(), options);
  ASSERT_EQ(nsgs.status, lcp::Status::converged);
  EXPECT_LE(problem.exact_residual(cones, nsgs.gamma), options.tolerance);
}

TEST(Nsgs, ACappedSolveSaysSo) {
  const FrictionalLcp problem(34);
  const lcp::FrictionCones cones = problem.cones(0.3);
  DistributedSolverOptions options;
  options.tolerance = 1e-14;
  options.max_iterations = 2;
  options.cones = &cones;
  options.exact_coulomb = true;
  const DistributedSolverResult nsgs = make_distributed_solver("nsgs")->solve(problem.lcp(), options);
  EXPECT_EQ(nsgs.status, lcp::Status::max_iterations);
  EXPECT_EQ(nsgs.iterations, 2);
  EXPECT_GT(nsgs.residual, options.tolerance);
  EXPECT_EQ(nsgs.history.size(), 2u);
}

// Every rank sweeping its own contacts (block Jacobi between ranks, interface contacts relaxed)
// and rank 0 sweeping the gathered LCP reach the same answers, the CCP's and the exact problem's.
TEST(Nsgs, TheRankSweepsAndTheGatheredSweepsAgree) {
  const FrictionalLcp problem(37);
  const lcp::FrictionCones cones = problem.cones(0.3);
  SolverParameterValues gathered_sweeps;
  gathered_sweeps.set("nsgs_sweeps", std::string("gathered"));
  for (const bool exact : {false, true}) {
    DistributedSolverOptions options;
    options.tolerance = 1e-10;
    options.cones = &cones;
    options.exact_coulomb = exact;
    const DistributedSolverResult ranks = make_distributed_solver("nsgs")->solve(problem.lcp(), options);
    const DistributedSolverResult gathered =
        make_distributed_solver("nsgs", gathered_sweeps)->solve(problem.lcp(), options);
    ASSERT_EQ(ranks.status, lcp::Status::converged) << "exact " << exact;
    ASSERT_EQ(gathered.status, lcp::Status::converged) << "exact " << exact;
    EXPECT_LE(ranks.residual, options.tolerance);
    if (exact) EXPECT_LE(problem.exact_residual(cones, ranks.gamma), options.tolerance);
    EXPECT_LT(max_difference(ranks.gamma, gathered.gamma), 1e-6) << "exact " << exact;
    EXPECT_GT(norm_inf(ranks.gamma), 0.0);
  }
}

// A tolerance below rounding cannot be reached: with stop_when_out_of_reach nsgs says so after a
// few windows of sweeps instead of spending them all.
TEST(Nsgs, AHopelessSolveStopsEarlyWhenAsked) {
  const FrictionalLcp problem(36);
  const lcp::FrictionCones cones = problem.cones(0.3);
  DistributedSolverOptions options;
  options.tolerance = 1e-30;
  options.max_iterations = 100000;
  options.cones = &cones;
  options.exact_coulomb = true;
  options.stop_when_out_of_reach = true;
  const DistributedSolverResult nsgs = make_distributed_solver("nsgs")->solve(problem.lcp(), options);
  EXPECT_EQ(nsgs.status, lcp::Status::max_iterations);
  EXPECT_GE(nsgs.iterations, 100);
  EXPECT_LT(nsgs.iterations, 2000);
  EXPECT_EQ(nsgs.iterations % 50, 0);
  EXPECT_GT(nsgs.residual, options.tolerance);
}

// One CCP solve cannot solve an exact problem with sliding contacts, so the fixed point stops
// unconverged: without a rescue it falls back to the CCP; with nsgs it ends on the exact answer;
// with a rescue too short to converge it still falls back, and says so.
TEST(CoulombRescue, AStalledFixedPointHandsTheExactProblemToNsgsBeforeTheCcp) {
  const FrictionalLcp problem(35);
  const lcp::FrictionCones cones = problem.cones(0.3);
  DistributedSolverOptions options;
  options.tolerance = 1e-9;
  options.cones = &cones;
  const auto apgd = make_distributed_solver("apgd");
  const auto nsgs = make_distributed_solver("nsgs");

  const CoulombSolve plain = solve_coulomb_fixed_point(*apgd, problem.lcp(), options, 1);
  ASSERT_FALSE(plain.fixed_point_converged);
  EXPECT_TRUE(plain.fell_back_to_ccp);
  EXPECT_FALSE(plain.rescued);
  EXPECT_GT(problem.exact_residual(cones, plain.result.gamma), options.tolerance);
  // The first pass solved the unshifted CCP: the fallback keeps its forces without solving again.
  EXPECT_EQ(plain.ccp_solves, 1);
  const DistributedSolverResult ccp = apgd->solve(problem.lcp(), options);
  ASSERT_EQ(ccp.status, lcp::Status::converged);
  EXPECT_EQ(max_difference(plain.result.gamma, ccp.gamma), 0.0);

  const CoulombSolve rescued = solve_coulomb_fixed_point(*apgd, problem.lcp(), options, 1, {nsgs.get(), 100000});
  EXPECT_TRUE(rescued.rescued);
  EXPECT_FALSE(rescued.fell_back_to_ccp);
  ASSERT_EQ(rescued.result.status, lcp::Status::converged);
  EXPECT_LE(problem.exact_residual(cones, rescued.result.gamma), options.tolerance);
  EXPECT_LE(rescued.coulomb_residual, options.tolerance);

  const CoulombSolve capped = solve_coulomb_fixed_point(*apgd, problem.lcp(), options, 1, {nsgs.get(), 1});
  EXPECT_FALSE(capped.rescued);
  EXPECT_TRUE(capped.fell_back_to_ccp);
  EXPECT_LT(max_difference(capped.result.gamma, plain.result.gamma), 1e-6);
}

}  // namespace
}  // namespace relcp::collision
