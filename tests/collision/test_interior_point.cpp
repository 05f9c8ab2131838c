// The serial interior-point method of the ip solver on body-space LCPs: random problems against
// Lemke's pivoting, redundant rows, iteration counts that grow far slower than the conditioning
// of a loaded chain (which grows with the square of its length), no success claimed on an LCP without
// solution, and bad input refused.
#include <gtest/gtest.h>

#include <stdexcept>
#include <vector>

#include "collision/body_space/interior_point.hpp"
#include "lcp/pivoting/lemke.hpp"
#include "lcp/problem.hpp"
#include "support/body_space_problems.hpp"

namespace relcp::collision {
namespace {

using testing::dense_A;
using testing::natural_residual;
using testing::random_c;
using testing::random_lcp;

// Iterations until the multipliers' natural residual is within `tolerance`; -1 if the method
// stops first or needs more than `cap` iterations.
int iterations_to_solve(BodySpaceInteriorPoint& ip, const BodySpaceLcp& lcp, const Eigen::VectorXd& c, double tolerance,
                        int cap = 100) {
  for (int k = 0; k <= cap; ++k) {
    if (natural_residual(lcp, c, ip.multipliers()) <= tolerance) return k;
    if (ip.step() != BodySpaceStep::stepped) return -1;
  }
  return -1;
}

TEST(BodySpaceInteriorPoint, AgreesWithLemkeOnRandomProblems) {
  for (std::uint64_t seed = 1; seed <= 4; ++seed) {
    const BodySpaceLcp lcp = random_lcp(20, 30, seed);
    const Eigen::VectorXd c = random_c(30, seed + 10);
    BodySpaceInteriorPoint ip(lcp, c, Eigen::VectorXd::Zero(30));
    const int iterations = iterations_to_solve(ip, lcp, c, 1e-9);
    ASSERT_GT(iterations, 0) << "seed " << seed;
    EXPECT_LT(iterations, 30) << "seed " << seed;

    const lcp::SolverResult lemke = lcp::LemkeSolver().solve(lcp::LcpProblem(dense_A(lcp), c), lcp::SolverOptions{});
    ASSERT_EQ(lemke.status, lcp::Status::converged);
    EXPECT_LT((ip.multipliers() - lemke.z).lpNorm<Eigen::Infinity>(), 1e-7) << "seed " << seed;
    EXPECT_GE(ip.multipliers().minCoeff(), 0.0);
    EXPECT_GT(ip.complementarity(), 0.0);  // the iterate itself stays interior
  }
}

TEST(BodySpaceInteriorPoint, SolvesRedundantRows) {
  // 90 rows on 20 bodies: A is singular and gamma not unique; the Newton matrix is not.
  const BodySpaceLcp lcp = random_lcp(20, 90, 5);
  const Eigen::VectorXd c = random_c(90, 15);
  BodySpaceInteriorPoint ip(lcp, c, Eigen::VectorXd::Zero(90));
  EXPECT_GT(iterations_to_solve(ip, lcp, c, 1e-9), 0);
}

TEST(BodySpaceInteriorPoint, IterationsGrowFarSlowerThanTheConditioning) {
  int iterations[2] = {0, 0};
  const int lengths[2] = {25, 1600};
  for (int k = 0; k < 2; ++k) {
    const testing::Chain chain = testing::loaded_chain(lengths[k]);
    BodySpaceInteriorPoint ip(chain.lcp, chain.c, Eigen::VectorXd::Zero(lengths[k]));
    iterations[k] = iterations_to_solve(ip, chain.lcp, chain.c, 1e-7);
    ASSERT_GT(iterations[k], 0) << lengths[k] << " bodies";
    EXPECT_LT((ip.multipliers() - chain.solution).lpNorm<Eigen::Infinity>(), 1e-4 * chain.solution[0]);
  }
  // kappa(A) grows 4096-fold, and an accelerated gradient method's count with its square root,
  // 64-fold. The interior point's triples (10 to 31 when written): the forces grow from the
  // starting scale |c| / lambda_max to 64 times further, against the same absolute tolerance,
  // so the path is longer by a logarithmic factor, not by the conditioning.
  EXPECT_LE(iterations[1], 4 * iterations[0]);
}

TEST(BodySpaceInteriorPoint, NeverSolvesAnLcpWithoutSolution) {
  // Rows d and -d of one body: A = [a -a; -a a], c = (-1, -1) has no solution.
  BodySpaceLcp lcp;
  lcp.jacobian.resize(2, 1);
  std::vector<Eigen::Triplet<double>> entries{{0, 0, 1.0}, {1, 0, -1.0}};
  lcp.jacobian.setFromTriplets(entries.begin(), entries.end());
  lcp.mobility = Eigen::VectorXd::Ones(1);
  const Eigen::VectorXd c = Eigen::VectorXd::Constant(2, -1.0);
  BodySpaceInteriorPoint ip(lcp, c, Eigen::VectorXd::Zero(2));
  EXPECT_EQ(iterations_to_solve(ip, lcp, c, 1e-6, 500), -1);
  EXPECT_GT(natural_residual(lcp, c, ip.multipliers()), 1e-6);
}

TEST(BodySpaceInteriorPoint, RefusesMismatchedVectors) {
  const BodySpaceLcp lcp = random_lcp(5, 6, 7);
  EXPECT_THROW(BodySpaceInteriorPoint(lcp, Eigen::VectorXd::Zero(5), Eigen::VectorXd::Zero(6)), std::invalid_argument);
  EXPECT_THROW(BodySpaceInteriorPoint(lcp, Eigen::VectorXd::Zero(6), Eigen::VectorXd::Zero(7)), std::invalid_argument);
}

}  // namespace
}  // namespace relcp::collision
