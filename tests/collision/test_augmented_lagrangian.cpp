// The serial augmented Lagrangian of the alm solver on body-space LCPs built here: random
// problems against Lemke's pivoting, redundant rows, the penalty's effect on the outer
// iterations, and Newton step counts that stay flat as a loaded chain grows (where the
// conditioning of A grows with the square of its length).
#include <gtest/gtest.h>

#include <Eigen/Dense>
#include <random>
#include <stdexcept>
#include <vector>

#include "collision/body_space/augmented_lagrangian.hpp"
#include "support/body_space_problems.hpp"
#include "lcp/pivoting/lemke.hpp"
#include "lcp/problem.hpp"

namespace relcp::collision {
namespace {

using testing::Chain;
using testing::dense_A;
using testing::loaded_chain;
using testing::natural_residual;
using testing::random_c;
using testing::random_lcp;

using Outcome = BodySpaceAugmentedLagrangian::StepOutcome;

// Newton steps until the multipliers' natural residual is within `tolerance`; -1 if the solver
// stops first or needs more than `cap` steps.
int steps_to_solve(BodySpaceAugmentedLagrangian& alm, const BodySpaceLcp& lcp, const Eigen::VectorXd& c,
                   double tolerance, int cap = 200) {
  for (int step = 0; step <= cap; ++step) {
    if (natural_residual(lcp, c, alm.multipliers()) <= tolerance) return step;
    if (alm.newton_step() != Outcome::stepped) return -1;
  }
  return -1;
}

TEST(BodySpaceAugmentedLagrangian, AgreesWithLemkeOnRandomProblems) {
  for (std::uint64_t seed = 1; seed <= 4; ++seed) {
    // 30 rows on 20 bodies (60 DOFs): A is positive definite and the solution unique.
    const BodySpaceLcp lcp = random_lcp(20, 30, seed);
    const Eigen::VectorXd c = random_c(30, seed + 10);
    BodySpaceAugmentedLagrangian alm(lcp, c, Eigen::VectorXd::Zero(30), 1e6);
    const int steps = steps_to_solve(alm, lcp, c, 1e-9);
    ASSERT_GT(steps, 0) << "seed " << seed;

    const lcp::SolverResult lemke = lcp::LemkeSolver().solve(lcp::LcpProblem(dense_A(lcp), c), lcp::SolverOptions{});
    ASSERT_EQ(lemke.status, lcp::Status::converged);
    EXPECT_LT((alm.multipliers() - lemke.z).lpNorm<Eigen::Infinity>(), 1e-7) << "seed " << seed;
    EXPECT_GE(alm.multipliers().minCoeff(), 0.0);
  }
}

TEST(BodySpaceAugmentedLagrangian, SolvesRedundantRows) {
  // 90 rows on 20 bodies: A is singular (rank 60 at most) and gamma not unique; w is.
  const BodySpaceLcp lcp = random_lcp(20, 90, 5);
  const Eigen::VectorXd c = random_c(90, 15);
  BodySpaceAugmentedLagrangian alm(lcp, c, Eigen::VectorXd::Zero(90), 1e6);
  EXPECT_GT(steps_to_solve(alm, lcp, c, 1e-9), 0);
}

TEST(BodySpaceAugmentedLagrangian, ASmallPenaltyIsRaisedUntilTheOuterIterationsContract) {
  // kappa(A) ~ 6e4: the multiplier update contracts the error along lambda_min by
  // 1 / (1 + penalty / kappa), about 1 at penalty 1e2 and 1/17 at 1e6.
  const Chain chain = loaded_chain(200);
  BodySpaceAugmentedLagrangian small(chain.lcp, chain.c, Eigen::VectorXd::Zero(200), 1e2);
  ASSERT_GT(steps_to_solve(small, chain.lcp, chain.c, 1e-6), 0);
  EXPECT_GE(small.penalty(), 1e4);

  BodySpaceAugmentedLagrangian large(chain.lcp, chain.c, Eigen::VectorXd::Zero(200), 1e6);
  ASSERT_GT(steps_to_solve(large, chain.lcp, chain.c, 1e-6), 0);
  EXPECT_EQ(large.penalty(), 1e6);
  EXPECT_LE(large.outer_iterations(), 5);
}

TEST(BodySpaceAugmentedLagrangian, NewtonStepsDoNotGrowWithTheChain) {
  int steps[2] = {0, 0};
  const int lengths[2] = {25, 1600};
  for (int k = 0; k < 2; ++k) {
    const Chain chain = loaded_chain(lengths[k]);
    BodySpaceAugmentedLagrangian alm(chain.lcp, chain.c, Eigen::VectorXd::Zero(lengths[k]), 1e8);
    // A residual of 1e-7 pins gamma to about 1e-7 / lambda_min ~ 0.1 at 1600 bodies.
    steps[k] = steps_to_solve(alm, chain.lcp, chain.c, 1e-7);
    ASSERT_GT(steps[k], 0) << lengths[k] << " bodies";
    EXPECT_LT((alm.multipliers() - chain.solution).lpNorm<Eigen::Infinity>(), 1e-4 * chain.solution[0]);
  }
  // kappa(A) grows by (1600 / 25)^2 = 4096 between the two, to 4e6, still below the penalty;
  // the Newton count does not follow. (Past the penalty, the outer iterations grow like
  // log(tolerance) / log(1 + penalty / kappa) until the penalty is raised. Here every contact is
  // closed from the start; when contacts close one after another, as along a chain pushed only
  // at its end, each Newton step activates the next: see docs/collision.md.)
  EXPECT_LE(steps[1], steps[0] + 2);
}

TEST(BodySpaceAugmentedLagrangian, AStartAtTheSolutionIsKept) {
  const BodySpaceLcp lcp = random_lcp(20, 30, 6);
  const Eigen::VectorXd c = random_c(30, 16);
  BodySpaceAugmentedLagrangian first(lcp, c, Eigen::VectorXd::Zero(30), 1e6);
  ASSERT_GT(steps_to_solve(first, lcp, c, 1e-9), 0);
  BodySpaceAugmentedLagrangian warm(lcp, c, first.multipliers(), 1e6);
  EXPECT_EQ(warm.multipliers(), first.multipliers());
  EXPECT_EQ(steps_to_solve(warm, lcp, c, 1e-9), 0);
}

TEST(BodySpaceAugmentedLagrangian, RefusesMismatchedVectorsAndBadPenalties) {
  const BodySpaceLcp lcp = random_lcp(5, 6, 7);
  EXPECT_THROW(BodySpaceAugmentedLagrangian(lcp, Eigen::VectorXd::Zero(5), Eigen::VectorXd::Zero(6), 1.0),
               std::invalid_argument);
  EXPECT_THROW(BodySpaceAugmentedLagrangian(lcp, Eigen::VectorXd::Zero(6), Eigen::VectorXd::Zero(7), 1.0),
               std::invalid_argument);
  EXPECT_THROW(BodySpaceAugmentedLagrangian(lcp, Eigen::VectorXd::Zero(6), Eigen::VectorXd::Zero(6), 0.0),
               std::invalid_argument);
}

TEST(LargestEigenvalue, MatchesTheDenseSpectrum) {
  const BodySpaceLcp lcp = random_lcp(20, 30, 8);
  const Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> eigen(dense_A(lcp));
  const double exact = eigen.eigenvalues().maxCoeff();
  const double estimate = largest_eigenvalue(lcp, 200);
  EXPECT_LE(estimate, exact * (1.0 + 1e-12));
  EXPECT_GT(estimate, 0.95 * exact);
}

}  // namespace
}  // namespace relcp::collision
