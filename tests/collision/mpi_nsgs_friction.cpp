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
#include "support/random_contact_problem.hpp"

namespace relcp::collision {
namespace {

using testing::ProblemShape;
using testing::RandomContactProblem;

// A random contact LCP over three generations, c with both signs (some contacts load, some
// separate), and cones on row blocks of this rank.
class FrictionalLcp {
 public:
  explicit FrictionalLcp(std::uint64_t seed)
      : problem_(MPI_COMM_WORLD, shape(seed)),
        matrix_(problem_.matrix(problem_.generations())),
        mobility_(problem_.mobility()),
        A_(matrix_, mobility_, 0.1),
        c_(matrix_.constraint_layout()) {
    std::mt19937_64 rng(seed + 7 + static_cast<unsigned>(testing::rank_of(MPI_COMM_WORLD)));
    std::uniform_real_distribution<double> unit(-1.0, 0.5);
    for (std::size_t i = 0; i < c_.local_size(); ++i) c_.local_data()[i] = unit(rng);
  }
  DistributedLcp lcp() const { return {A_, c_}; }
  const DistributedVector& c() const { return c_; }
  // Coulomb cones (mu) on row triples, or six-row cones with rolling and spinning, with a
  // unilateral row between blocks.
  lcp::FrictionCones cones(double mu, double rolling = 0.0, double spinning = 0.0) const {
    const lcp::FrictionConeBlock pattern{0, mu, rolling, spinning};
    std::vector<lcp::FrictionConeBlock> blocks;
    for (std::size_t row = 0; row + pattern.rows() <= c_.local_size(); row += pattern.rows() + 1) {
      blocks.push_back({row, mu, rolling, spinning});
    }
    return lcp::FrictionCones(c_.local_size(), blocks);
  }
  // ||gamma - P_K(gamma - (g + s(g)))||_inf with g = A gamma + c, the exact problem's natural map.
  double exact_residual(const lcp::FrictionCones& cones, const DistributedVector& gamma) const {
    DistributedVector g(c_.layout()), s(c_.layout()), map(c_.layout());
    A_.apply(gamma, g);
    axpy(1.0, c_, g);
    de_saxce_shift(cones, g, s);
    combine(1.0, gamma, -1.0, g, map);
    combine(1.0, map, -1.0, s, map);
    cones.project({map.local_data(), map.local_size()});
    combine(1.0, gamma, -1.0, map, map);
    return norm_inf(map);
  }

 private:
  static ProblemShape shape(std::uint64_t seed) {
    ProblemShape s;
    s.bodies = 60;
    s.rows_per_generation = {90, 20, 10};
    s.seed = seed;
    return s;
  }
  RandomContactProblem problem_;
  DistributedConstraintMatrix matrix_;
  BlockDiagonalMobility mobility_;
  ContactOperator A_;
  DistributedVector c_;
};

double max_difference(const DistributedVector& a, const DistributedVector& b) {
  DistributedVector d(a.layout());
  combine(1.0, a, -1.0, b, d);
  return norm_inf(d);
}

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
