// Minimum-map Newton (Erleben 2013, section 5.4): convergence on SPD, P-matrix and large sparse
// problems (dense and GMRES inner solves), the generalized Jacobian, and the documented ends
// (nondescent on contact problems, no false success).

#include <gtest/gtest.h>

#include <random>

#include "core/error.hpp"
#include "lcp/newton/minmap_newton.hpp"
#include "lcp/problems/erleben_generators.hpp"
#include "lcp/residual.hpp"
#include "lcp/solver_factories.hpp"
#include "support/lcp_checks.hpp"
#include "support/random_matrices.hpp"

namespace relcp::lcp {
namespace {

using testing::IsLcpSolution;

// Erleben's min-map: the plain line search (the solver's default is the Fischer-Burmeister
// globalization, test_minmap_fischer_globalization.cpp and test_newton_defaults.cpp).
SolverResult solve_minmap(const LcpProblem& problem, SolverOptions options = {}) {
  options.minmap_globalization = MinMapGlobalization::none;
  return make_minmap_solver()->solve(problem, options);
}

TEST(MinMapNewton, NameAndFamily) {
  EXPECT_EQ(make_minmap_solver()->name(), "minmap");
  EXPECT_EQ(make_minmap_solver()->family(), SolverFamily::newton);
}

TEST(MinMapNewton, ReachesTenToTheMinusTwelveInFewIterationsOnSpdProblems) {
  for (std::uint64_t seed = 1; seed <= 10; ++seed) {
    std::mt19937_64 random(seed);
    const DenseMatrix M = testing::random_spd_matrix(60, 0.1, random);
    const erleben::PlantedSolution planted = erleben::make_lcp(M, 0.25, random);
    const LcpProblem problem(M, planted.b);
    SolverOptions options;
    options.tolerance = 1e-12;
    const SolverResult result = solve_minmap(problem, options);
    ASSERT_EQ(result.status, Status::converged) << "seed " << seed;
    EXPECT_LE(result.iterations, 10) << "seed " << seed;
    EXPECT_LE(result.residual, 1e-12);
    EXPECT_TRUE(IsLcpSolution(problem, result.z, 1e-12));
    EXPECT_LT((result.z - planted.x).lpNorm<Eigen::Infinity>(), 1e-9);
    EXPECT_EQ(result.merit_history.size(), static_cast<std::size_t>(result.iterations));
  }
}

TEST(MinMapNewton, MeritDecreasesMonotonicallyAndQuadraticallyAtTheEnd) {
  const erleben::GeneratedLcp pd = erleben::make_pd_lcp(80, 3);
  SolverOptions options;
  options.tolerance = 1e-13;
  const SolverResult result = solve_minmap(pd.problem, options);
  ASSERT_EQ(result.status, Status::converged);
  const std::vector<double>& theta = result.merit_history;
  ASSERT_GE(theta.size(), 2u);
  for (std::size_t k = 1; k < theta.size(); ++k) EXPECT_LT(theta[k], theta[k - 1]);
  // Quadratic tail: the last step squares the merit up to a modest constant (or hits zero).
  const double last = theta.back();
  const double before = theta[theta.size() - 2];
  EXPECT_LE(last, 1e3 * before * before + 1e-28);
}

TEST(MinMapNewton, SolvesNonsymmetricPMatrixProblems) {
  for (std::uint64_t seed = 1; seed <= 5; ++seed) {
    std::mt19937_64 random(seed);
    const DenseMatrix M = testing::random_nonsymmetric_p_matrix(50, random);
    const erleben::PlantedSolution planted = erleben::make_lcp(M, 0.25, random);
    const LcpProblem problem(M, planted.b);
    const SolverResult result = solve_minmap(problem);
    ASSERT_EQ(result.status, Status::converged) << "seed " << seed;
    EXPECT_TRUE(IsLcpSolution(problem, result.z, 1e-8));
  }
}

// Above direct_solve_limit the reduced system is solved by GMRES on the sparse M_AA.
TEST(MinMapNewton, SolvesLargeSparseDiagonallyDominantProblemsWithGmres) {
  for (const bool symmetric : {true, false}) {
    std::mt19937_64 random(symmetric ? 10 : 11);
    const SparseMatrix M = testing::random_diagonally_dominant_matrix(5000, 5, symmetric, random);
    const erleben::PlantedSolution planted = erleben::make_lcp(M, 0.25, random);
    const LcpProblem problem(M, planted.b);
    ASSERT_GT(problem.size(), SolverOptions{}.direct_solve_limit);
    const SolverResult result = solve_minmap(problem);
    ASSERT_EQ(result.status, Status::converged) << (symmetric ? "symmetric" : "non-symmetric");
    EXPECT_LE(result.iterations, 15);
    EXPECT_TRUE(IsLcpSolution(problem, result.z, 1e-8));
    EXPECT_LT((result.z - planted.x).lpNorm<Eigen::Infinity>(), 1e-7);
  }
}

TEST(MinMapNewton, DirectAndIterativeInnerSolvesAgree) {
  const erleben::GeneratedLcp fluid = erleben::make_fluid_lcp(6, 5);  // N = 216
  SolverOptions direct;
  direct.direct_solve_limit = 1000;
  SolverOptions iterative;
  iterative.direct_solve_limit = 0;
  const SolverResult a = solve_minmap(fluid.problem, direct);
  const SolverResult b = solve_minmap(fluid.problem, iterative);
  ASSERT_EQ(a.status, Status::converged);
  ASSERT_EQ(b.status, Status::converged);
  EXPECT_LT((a.z - b.z).lpNorm<Eigen::Infinity>(), 1e-7);
  EXPECT_LT((a.z - fluid.solution).lpNorm<Eigen::Infinity>(), 1e-7);
}

// Erleben 2013 section 7: on contact problems M_AA is singular and min-map Newton gives up at a
// non-descent iterate after a few iterations; it must say so rather than loop or claim success.
TEST(MinMapNewton, EndsWithNondescentOnErlebenContactProblems) {
  for (std::uint64_t seed = 1; seed <= 8; ++seed) {
    const erleben::GeneratedLcp contact = erleben::make_contact_lcp(seed <= 4 ? 20 : 30, seed);
    for (const int limit : {400, 0}) {  // dense solve and GMRES
      SolverOptions options;
      options.direct_solve_limit = limit;
      const SolverResult result = solve_minmap(contact.problem, options);
      EXPECT_EQ(result.status, Status::nondescent) << "seed " << seed << ", limit " << limit;
      EXPECT_LE(result.iterations, 20);
      EXPECT_GT(result.residual, options.tolerance);
      EXPECT_EQ(result.residual, natural_residual(contact.problem, result.z));
      EXPECT_GE(result.z.minCoeff(), 0.0);
    }
  }
}

// With tolerance 0 (Erleben's convergence-rate runs) the method ends at round-off, not with a
// false nondescent.
TEST(MinMapNewton, ZeroToleranceEndsAtRoundOffWithoutClaimingNondescent) {
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    const erleben::GeneratedLcp fluid = erleben::make_fluid_lcp(6, seed);
    SolverOptions options;
    options.tolerance = 0.0;
    const SolverResult result = solve_minmap(fluid.problem, options);
    EXPECT_TRUE(result.status == Status::converged || result.status == Status::stagnation) << to_string(result.status);
    EXPECT_LT(result.residual, 1e-13);
  }
}

// A2: (a, b) = (-1, -1) has no solution; Newton must not report success.
TEST(MinMapNewton, DoesNotClaimSuccessWithoutASolution) {
  const LcpProblem problem(DenseMatrix::Constant(1, 1, -1.0), Vector::Constant(1, -1.0));
  const SolverResult result = solve_minmap(problem);
  EXPECT_NE(result.status, Status::converged);
  EXPECT_GT(result.residual, 0.5);
}

TEST(MinMapNewton, ClaimedSolutionsOfPsdProblemsVerify) {
  for (std::uint64_t seed = 1; seed <= 6; ++seed) {
    const erleben::GeneratedLcp psd = erleben::make_psd_lcp(60, 0.2 * static_cast<double>(seed - 1), seed);
    const SolverResult result = solve_minmap(psd.problem);
    if (result.status == Status::converged) {
      EXPECT_TRUE(IsLcpSolution(psd.problem, result.z, 1e-7)) << "seed " << seed;
    } else {
      EXPECT_GT(result.residual, SolverOptions{}.tolerance) << "seed " << seed;
    }
  }
}

TEST(MinMapNewton, WarmStartAndIterationCap) {
  const erleben::GeneratedLcp pd = erleben::make_pd_lcp(40, 6);
  SolverOptions warm;
  warm.warm_start = pd.solution;
  const SolverResult at_solution = solve_minmap(pd.problem, warm);
  EXPECT_EQ(at_solution.status, Status::converged);
  EXPECT_EQ(at_solution.iterations, 0);

  SolverOptions capped;
  capped.max_iterations = 1;
  const SolverResult one_step = solve_minmap(pd.problem, capped);
  EXPECT_EQ(one_step.status, Status::max_iterations);
  EXPECT_EQ(one_step.iterations, 1);
  EXPECT_EQ(one_step.merit_history.size(), 1u);

  SolverOptions negative;
  negative.max_iterations = -1;
  EXPECT_THROW(solve_minmap(pd.problem, negative), InputError);
}

TEST(MinMapNewton, RelativeToleranceEndsWithStagnationBeforeTheAbsoluteTest) {
  const erleben::GeneratedLcp pd = erleben::make_pd_lcp(40, 7);
  SolverOptions options;
  options.relative_tolerance = 0.999999;  // any decrease short of 99.9999% stops it
  options.tolerance = 1e-300;
  const SolverResult result = solve_minmap(pd.problem, options);
  EXPECT_EQ(result.status, Status::stagnation);
}

// The generalized Jacobian: J dz is the derivative of H at points without ties w_i = z_i.
TEST(MinMapLinearization, JacobianProductMatchesFiniteDifferences) {
  std::mt19937_64 random(12);
  const Index n = 20;
  const DenseMatrix M = testing::random_nonsymmetric_p_matrix(n, random);
  const Vector q = testing::random_uniform_matrix(n, 1, random);
  const LcpProblem problem(M, q);
  const Vector z = testing::random_uniform_matrix(n, 1, random).cwiseAbs();
  const Vector w = problem.w(z);
  MinMapLinearization linearization(problem, false);
  linearization.linearize(z, w);
  const Vector dz = testing::random_uniform_matrix(n, 1, random);
  const double h = 1e-7;
  const Vector forward = z + h * dz;
  const Vector difference = (forward.cwiseMin(problem.w(forward)) - linearization.map()) / h;
  EXPECT_LT((difference - linearization.jacobian_product(dz)).lpNorm<Eigen::Infinity>(), 1e-6);
  for (Index i = 0; i < n; ++i) EXPECT_EQ(linearization.is_active(i), w[i] < z[i]);
}

}  // namespace
}  // namespace relcp::lcp
