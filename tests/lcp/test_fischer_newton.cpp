// Fischer-Newton (Erleben 2013, section 5.5): every Jacobian strategy on SPD, P-matrix, large
// sparse, contact and degenerate problems; gradient fallback and honest statuses.

#include <gtest/gtest.h>

#include <random>
#include <string>

#include "lcp/newton/fischer_newton.hpp"
#include "lcp/problems/erleben_generators.hpp"
#include "lcp/residual.hpp"
#include "lcp/solver_factories.hpp"
#include "support/lcp_checks.hpp"
#include "support/random_matrices.hpp"

namespace relcp::lcp {
namespace {

using testing::IsLcpSolution;

std::string strategy_name(FischerJacobian strategy) {
  switch (strategy) {
    case FischerJacobian::random:
      return "random";
    case FischerJacobian::zero:
      return "zero";
    case FischerJacobian::perturbation:
      return "perturbation";
    case FischerJacobian::approximation:
      return "approximation";
  }
  return "?";
}

class FischerStrategy : public ::testing::TestWithParam<FischerJacobian> {
 protected:
  SolverOptions options() const {
    SolverOptions options;
    options.jacobian = GetParam();
    return options;
  }
  SolverResult solve(const LcpProblem& problem, SolverOptions opts) const {
    return make_fischer_solver()->solve(problem, opts);
  }
};

TEST_P(FischerStrategy, SolvesSpdProblems) {
  for (std::uint64_t seed = 1; seed <= 5; ++seed) {
    std::mt19937_64 random(seed);
    const DenseMatrix M = testing::random_spd_matrix(60, 0.1, random);
    const erleben::PlantedSolution planted = erleben::make_lcp(M, 0.25, random);
    const LcpProblem problem(M, planted.b);
    const SolverResult result = solve(problem, options());
    ASSERT_EQ(result.status, Status::converged) << "seed " << seed;
    EXPECT_LE(result.iterations, 30);
    EXPECT_TRUE(IsLcpSolution(problem, result.z, 1e-8));
    EXPECT_LT((result.z - planted.x).lpNorm<Eigen::Infinity>(), 1e-7);
    EXPECT_EQ(result.merit_history.size(), static_cast<std::size_t>(result.iterations));
  }
}

TEST_P(FischerStrategy, SolvesNonsymmetricPMatrixProblems) {
  for (std::uint64_t seed = 1; seed <= 5; ++seed) {
    std::mt19937_64 random(seed);
    const DenseMatrix M = testing::random_nonsymmetric_p_matrix(40, random);
    const erleben::PlantedSolution planted = erleben::make_lcp(M, 0.25, random);
    const LcpProblem problem(M, planted.b);
    const SolverResult result = solve(problem, options());
    ASSERT_EQ(result.status, Status::converged) << "seed " << seed;
    EXPECT_TRUE(IsLcpSolution(problem, result.z, 1e-8));
  }
}

TEST_P(FischerStrategy, SolvesLargeSparseProblemsWithGmres) {
  std::mt19937_64 random(21);
  const SparseMatrix M = testing::random_diagonally_dominant_matrix(3000, 5, false, random);
  const erleben::PlantedSolution planted = erleben::make_lcp(M, 0.25, random);
  const LcpProblem problem(M, planted.b);
  const SolverResult result = solve(problem, options());
  ASSERT_EQ(result.status, Status::converged);
  EXPECT_LE(result.iterations, 30);
  EXPECT_TRUE(IsLcpSolution(problem, result.z, 1e-8));
}

// Erleben 2013 section 7: Fischer-Newton is the Newton method that works on contact problems
// (non-symmetric, zero diagonal in the slack rows); [E] reports 9-26 iterations at K = 30.
TEST_P(FischerStrategy, SolvesErlebenContactProblems) {
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    const erleben::GeneratedLcp contact = erleben::make_contact_lcp(15, seed);
    for (const int limit : {400, 0}) {
      SolverOptions opts = options();
      opts.direct_solve_limit = limit;
      const SolverResult result = solve(contact.problem, opts);
      ASSERT_EQ(result.status, Status::converged)
          << "seed " << seed << ", limit " << limit << ": " << to_string(result.status);
      EXPECT_LE(result.iterations, 40);
      EXPECT_TRUE(IsLcpSolution(contact.problem, result.z, 1e-8));
    }
  }
}

// Degenerate solutions (z_i = w_i = 0 at the solution) put iterates at or near the kink of phi,
// where the strategies differ.
TEST_P(FischerStrategy, SolvesDegenerateProblems) {
  std::mt19937_64 random(31);
  const Index n = 30;
  const DenseMatrix M = testing::random_spd_matrix(n, 0.5, random);
  Vector solution = testing::random_uniform_matrix(n, 1, random).cwiseAbs();
  for (Index i = 0; i < n; i += 3) solution[i] = 0.0;
  const Vector q = -M * solution;  // w = M(z - solution): w_i = 0 also where solution_i = 0
  const LcpProblem problem(M, q);
  const SolverResult result = solve(problem, options());
  ASSERT_EQ(result.status, Status::converged);
  EXPECT_TRUE(IsLcpSolution(problem, result.z, 1e-8));
  EXPECT_LT((result.z - solution).lpNorm<Eigen::Infinity>(), 1e-6);
}

TEST_P(FischerStrategy, StartsAtTheKinkWhenQHasZeros) {
  // z = 0, w = q: the rows with q_i = 0 sit exactly at the kink on the first iteration.
  std::mt19937_64 random(41);
  const DenseMatrix M = testing::random_spd_matrix(20, 0.5, random);
  Vector q = testing::random_uniform_matrix(20, 1, random);
  for (Index i = 0; i < 20; i += 2) q[i] = 0.0;
  const LcpProblem problem(M, q);
  const SolverResult result = solve(problem, options());
  ASSERT_EQ(result.status, Status::converged);
  EXPECT_TRUE(IsLcpSolution(problem, result.z, 1e-8));
}

INSTANTIATE_TEST_SUITE_P(AllStrategies, FischerStrategy,
                         ::testing::Values(FischerJacobian::random, FischerJacobian::zero,
                                           FischerJacobian::perturbation, FischerJacobian::approximation),
                         [](const auto& test_info) { return strategy_name(test_info.param); });

TEST(FischerNewton, NameAndFamily) {
  EXPECT_EQ(make_fischer_solver()->name(), "fischer");
  EXPECT_EQ(make_fischer_solver()->family(), SolverFamily::newton);
}

TEST(FischerNewton, ConvergesQuadraticallyOnPdProblems) {
  const erleben::GeneratedLcp pd = erleben::make_pd_lcp(100, 2);
  SolverOptions options;
  options.tolerance = 1e-12;
  const SolverResult result = make_fischer_solver()->solve(pd.problem, options);
  ASSERT_EQ(result.status, Status::converged);
  const std::vector<double>& theta = result.merit_history;
  ASSERT_GE(theta.size(), 3u);
  for (std::size_t k = 1; k < theta.size(); ++k) EXPECT_LT(theta[k], theta[k - 1]);
  const double last = theta.back();
  const double before = theta[theta.size() - 2];
  EXPECT_LE(last, 1e3 * before * before + 1e-28);
}

TEST(FischerNewton, ZeroToleranceEndsAtRoundOff) {
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    const erleben::GeneratedLcp fluid = erleben::make_fluid_lcp(6, seed);
    SolverOptions options;
    options.tolerance = 0.0;
    const SolverResult result = make_fischer_solver()->solve(fluid.problem, options);
    EXPECT_TRUE(result.status == Status::converged || result.status == Status::stagnation) << to_string(result.status);
    EXPECT_LT(result.residual, 1e-13);
    EXPECT_LT(result.iterations, 30);
  }
}

// A2: (a, b) = (-1, -1) has no solution: theta has a non-zero minimum, no success claimed.
TEST(FischerNewton, DoesNotClaimSuccessWithoutASolution) {
  const LcpProblem problem(DenseMatrix::Constant(1, 1, -1.0), Vector::Constant(1, -1.0));
  const SolverResult result = make_fischer_solver()->solve(problem, SolverOptions{});
  EXPECT_NE(result.status, Status::converged);
  EXPECT_NE(result.status, Status::max_iterations);  // it recognises the dead end
  EXPECT_GT(result.residual, 0.1);
}

// E6: on PSD problems with many zero eigenvalues a claimed solution must verify.
TEST(FischerNewton, ClaimedSolutionsOfPsdProblemsVerify) {
  for (std::uint64_t seed = 1; seed <= 6; ++seed) {
    const erleben::GeneratedLcp psd = erleben::make_psd_lcp(60, 0.2 * static_cast<double>(seed - 1), seed);
    const SolverResult result = make_fischer_solver()->solve(psd.problem, SolverOptions{});
    if (result.status == Status::converged) {
      EXPECT_TRUE(IsLcpSolution(psd.problem, result.z, 1e-7)) << "seed " << seed;
    } else {
      EXPECT_GT(result.residual, SolverOptions{}.tolerance) << "seed " << seed;
    }
  }
}

TEST(FischerNewton, WarmStartFromAFewPgsSweepsNeedsFewerIterations) {
  const erleben::GeneratedLcp pd = erleben::make_pd_lcp(100, 4);
  SolverOptions sweeps;
  sweeps.max_iterations = 10;
  const SolverResult pgs = make_pgs_solver()->solve(pd.problem, sweeps);
  SolverOptions warm;
  warm.warm_start = pgs.z;
  const SolverResult cold_result = make_fischer_solver()->solve(pd.problem, SolverOptions{});
  const SolverResult warm_result = make_fischer_solver()->solve(pd.problem, warm);
  ASSERT_EQ(cold_result.status, Status::converged);
  ASSERT_EQ(warm_result.status, Status::converged);
  EXPECT_LT(warm_result.iterations, cold_result.iterations);
}

TEST(FischerNewton, RandomStrategyIsReproducibleForAFixedSeed) {
  std::mt19937_64 random(51);
  const DenseMatrix M = testing::random_spd_matrix(20, 0.5, random);
  Vector q = testing::random_uniform_matrix(20, 1, random);
  for (Index i = 0; i < 20; i += 2) q[i] = 0.0;
  const LcpProblem problem(M, q);
  SolverOptions options;
  options.jacobian = FischerJacobian::random;
  options.seed = 99;
  const SolverResult first = make_fischer_solver()->solve(problem, options);
  const SolverResult second = make_fischer_solver()->solve(problem, options);
  EXPECT_EQ(first.z, second.z);
  EXPECT_EQ(first.merit_history, second.merit_history);
}

}  // namespace
}  // namespace relcp::lcp
