// Primal-dual interior point on the Kojima map (ip_lcp.m of Erleben's num4lcp; docs/lcp_newton.md):
// convergence on SPD, non-symmetric, contact and large sparse problems, and its step rules.

#include <gtest/gtest.h>

#include <random>

#include "lcp/newton/interior_point.hpp"
#include "lcp/problems/erleben_generators.hpp"
#include "lcp/residual.hpp"
#include "lcp/solver_factories.hpp"
#include "support/lcp_checks.hpp"
#include "support/random_matrices.hpp"

namespace relcp::lcp {
namespace {

using testing::IsLcpSolution;

SolverResult solve_ip(const LcpProblem& problem, const SolverOptions& options = {}) {
  return make_interior_point_solver()->solve(problem, options);
}

TEST(InteriorPoint, NameAndFamily) {
  EXPECT_EQ(make_interior_point_solver()->name(), "ip");
  EXPECT_EQ(make_interior_point_solver()->family(), SolverFamily::interior_point);
}

TEST(InteriorPoint, SolvesSpdProblems) {
  for (std::uint64_t seed = 1; seed <= 5; ++seed) {
    std::mt19937_64 random(seed);
    const DenseMatrix M = testing::random_spd_matrix(50, 0.1, random);
    const erleben::PlantedSolution planted = erleben::make_lcp(M, 0.25, random);
    const LcpProblem problem(M, planted.b);
    const SolverResult result = solve_ip(problem);
    ASSERT_EQ(result.status, Status::converged) << "seed " << seed;
    EXPECT_LE(result.iterations, 40);
    EXPECT_LE(result.residual, 1e-8);
    EXPECT_TRUE(IsLcpSolution(problem, result.z, 1e-8));
    EXPECT_LT((result.z - planted.x).lpNorm<Eigen::Infinity>(), 1e-6);
    EXPECT_GT(result.z.minCoeff(), 0.0);  // an interior method never touches the boundary
  }
}

TEST(InteriorPoint, SolvesNonsymmetricPMatrixProblems) {
  for (std::uint64_t seed = 1; seed <= 5; ++seed) {
    std::mt19937_64 random(seed);
    const DenseMatrix M = testing::random_nonsymmetric_p_matrix(40, random);
    const erleben::PlantedSolution planted = erleben::make_lcp(M, 0.25, random);
    const LcpProblem problem(M, planted.b);
    const SolverResult result = solve_ip(problem);
    ASSERT_EQ(result.status, Status::converged) << "seed " << seed;
    EXPECT_TRUE(IsLcpSolution(problem, result.z, 1e-8));
  }
}

// Contact matrices are not monotone (non-symmetric, zero slack diagonal), so the method has no
// guarantee there; it gets close, and whatever it claims must verify.
TEST(InteriorPoint, GetsCloseOnContactProblemsAndClaimsOnlyVerifiedSolutions) {
  int converged = 0;
  for (std::uint64_t seed = 1; seed <= 6; ++seed) {
    const erleben::GeneratedLcp contact = erleben::make_contact_lcp(15, seed);
    const SolverResult result = solve_ip(contact.problem);
    EXPECT_LT(result.residual, 1e-5) << "seed " << seed;
    if (result.status == Status::converged) {
      ++converged;
      EXPECT_TRUE(IsLcpSolution(contact.problem, result.z, 1e-8)) << "seed " << seed;
    } else {
      EXPECT_EQ(result.status, Status::stagnation) << "seed " << seed;
    }
  }
  EXPECT_GE(converged, 4);
}

// Above direct_solve_limit a sparse M gets a sparse factorization: LDL^T when symmetric,
// LU otherwise.
TEST(InteriorPoint, SolvesLargeSparseProblemsWithSparseFactorizations) {
  for (const bool symmetric : {true, false}) {
    std::mt19937_64 random(symmetric ? 61 : 62);
    const SparseMatrix M = testing::random_diagonally_dominant_matrix(2000, 4, symmetric, random, /*bandwidth=*/20);
    const erleben::PlantedSolution planted = erleben::make_lcp(M, 0.25, random);
    const LcpProblem problem(M, planted.b);
    const SolverResult result = solve_ip(problem);
    ASSERT_EQ(result.status, Status::converged) << (symmetric ? "symmetric" : "non-symmetric");
    EXPECT_TRUE(IsLcpSolution(problem, result.z, 1e-8));
  }
}

TEST(InteriorPoint, ComplementarityGapShrinksToTheTolerance) {
  const erleben::GeneratedLcp fluid = erleben::make_fluid_lcp(6, 1);
  const SolverResult result = solve_ip(fluid.problem);
  ASSERT_EQ(result.status, Status::converged);
  const std::vector<double>& gap = result.merit_history;
  ASSERT_EQ(gap.size(), static_cast<std::size_t>(result.iterations));
  ASSERT_GE(gap.size(), 3u);
  EXPECT_LT(gap.back(), 1e-6 * gap.front());
  for (const double value : gap) EXPECT_GT(value, 0.0);  // x, y stay strictly positive
}

TEST(InteriorPoint, WarmStartNearTheSolutionConverges) {
  const erleben::GeneratedLcp pd = erleben::make_pd_lcp(50, 3);
  SolverOptions options;
  options.warm_start = pd.solution;
  const SolverResult result = solve_ip(pd.problem, options);
  ASSERT_EQ(result.status, Status::converged);
  EXPECT_TRUE(IsLcpSolution(pd.problem, result.z, 1e-8));
}

// A2: no solution; the method must not claim one.
TEST(InteriorPoint, DoesNotClaimSuccessWithoutASolution) {
  const LcpProblem problem(DenseMatrix::Constant(1, 1, -1.0), Vector::Constant(1, -1.0));
  SolverOptions options;
  options.max_iterations = 30;
  const SolverResult result = solve_ip(problem, options);
  EXPECT_NE(result.status, Status::converged);
  EXPECT_GT(result.residual, 0.5);
}

TEST(InteriorPoint, StepToBoundaryKeepsTheFractionOfTheDistance) {
  std::mt19937_64 random(71);
  for (int trial = 0; trial < 100; ++trial) {
    const Vector v = testing::random_uniform_matrix(10, 1, random).cwiseAbs().array() + 1e-3;
    const Vector dv = testing::random_uniform_matrix(10, 1, random) * 5.0;
    for (const double fraction : {0.5, 0.995}) {
      const double tau = step_to_boundary(v, dv, fraction);
      ASSERT_GT(tau, 0.0);
      ASSERT_LE(tau, 1.0);
      const Vector moved = v + tau * dv;
      EXPECT_TRUE(((moved - (1.0 - fraction) * v).array() >= -1e-15).all());
      if (tau < 1.0) {  // some entry is exactly at the limit
        EXPECT_NEAR((moved - (1.0 - fraction) * v).cwiseQuotient(v).minCoeff(), 0.0, 1e-12);
      }
    }
  }
  EXPECT_EQ(step_to_boundary(Vector::Ones(3), Vector::Ones(3), 0.9), 1.0);
}

TEST(InteriorPoint, MehrotraCenteringFollowsThePredictorsProgress) {
  EXPECT_DOUBLE_EQ(interior_point_centering(1.0, 0.5), 0.125);
  EXPECT_DOUBLE_EQ(interior_point_centering(2.0, 2e-3), 1e-9);  // a good predictor: no centring
  EXPECT_DOUBLE_EQ(interior_point_centering(1.0, 3.0), 1.0);    // a bad one: pure centring
  EXPECT_DOUBLE_EQ(interior_point_centering(0.0, 0.0), 0.0);
}

}  // namespace
}  // namespace relcp::lcp
