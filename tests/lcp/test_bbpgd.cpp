// BBPGD through the LcpSolver interface (make_bbpgd_solver, BbpgdSolver).

#include <gtest/gtest.h>

#include <cmath>
#include <memory>

#include "core/error.hpp"
#include "lcp/projection/projected_gradient_solvers.hpp"
#include "lcp/residual.hpp"
#include "lcp/solver_factories.hpp"
#include "support/convex_qp_problems.hpp"
#include "support/gradient_solver_checks.hpp"
#include "support/lcp_checks.hpp"

namespace relcp::lcp {
namespace {

using testing::expect_consistent_result;
using testing::IsLcpSolution;
using testing::planted_dense_lcp;
using testing::planted_sparse_lcp;
using testing::tight_options;

TEST(Bbpgd, IsAGradientSolverNamedBbpgd) {
  const auto solver = make_bbpgd_solver();
  EXPECT_EQ(solver->name(), "bbpgd");
  EXPECT_EQ(solver->family(), SolverFamily::gradient);
}

TEST(Bbpgd, FindsThePlantedSolutionOfDenseSpdProblems) {
  const auto solver = make_bbpgd_solver();
  const SolverOptions options = tight_options();
  for (std::uint64_t seed = 1; seed <= 5; ++seed) {
    const auto planted = planted_dense_lcp(60, seed);
    const SolverResult result = solver->solve(planted.problem, options);
    SCOPED_TRACE(seed);
    ASSERT_EQ(result.status, Status::converged);
    expect_consistent_result(planted.problem, options, result);
    EXPECT_TRUE(IsLcpSolution(planted.problem, result.z, 1e-9));
    // M is positive definite (smallest eigenvalue >= 0.1): the solution is unique.
    EXPECT_LT((result.z - planted.solution).lpNorm<Eigen::Infinity>(), 1e-8);
  }
}

TEST(Bbpgd, FindsThePlantedSolutionOfSparseSpdProblems) {
  const auto solver = make_bbpgd_solver();
  const SolverOptions options = tight_options();
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    const auto planted = planted_sparse_lcp(400, seed);
    ASSERT_TRUE(planted.problem.is_sparse());
    const SolverResult result = solver->solve(planted.problem, options);
    SCOPED_TRACE(seed);
    ASSERT_EQ(result.status, Status::converged);
    expect_consistent_result(planted.problem, options, result);
    EXPECT_TRUE(IsLcpSolution(planted.problem, result.z, 1e-9));
    EXPECT_LT((result.z - planted.solution).lpNorm<Eigen::Infinity>(), 1e-8);
  }
}

TEST(Bbpgd, SolvesSingularPositiveSemidefiniteProblems) {
  const auto solver = make_bbpgd_solver();
  const SolverOptions options = tight_options();
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    // M = B^T B / n with B of rank 20 < 50: a planted solution exists but is not unique.
    const auto planted = planted_dense_lcp(50, seed, /*shift=*/0.0, /*rank=*/20);
    const SolverResult result = solver->solve(planted.problem, options);
    SCOPED_TRACE(seed);
    ASSERT_EQ(result.status, Status::converged);
    expect_consistent_result(planted.problem, options, result);
    EXPECT_TRUE(IsLcpSolution(planted.problem, result.z, 1e-9));
  }
}

class BbpgdResidual : public ::testing::TestWithParam<GradientResidual> {};

TEST_P(BbpgdResidual, EveryResidualPolicyConvergesToTheSolution) {
  const BbpgdSolver solver(GetParam());
  const SolverOptions options = tight_options();
  const auto planted = planted_sparse_lcp(300, 17);
  const SolverResult result = solver.solve(planted.problem, options);
  ASSERT_EQ(result.status, Status::converged);
  expect_consistent_result(planted.problem, options, result);
  EXPECT_LT((result.z - planted.solution).lpNorm<Eigen::Infinity>(), 1e-8);
  for (double merit : result.merit_history) EXPECT_GE(merit, 0.0);
}

INSTANTIATE_TEST_SUITE_P(Policies, BbpgdResidual,
                         ::testing::Values(GradientResidual::projected_gradient_inf,
                                           GradientResidual::projected_gradient_2, GradientResidual::mazhar));

TEST(Bbpgd, WarmStartNearTheSolutionNeedsFewerIterations) {
  const auto solver = make_bbpgd_solver();
  const auto planted = planted_dense_lcp(80, 23);
  SolverOptions options = tight_options();
  const SolverResult cold = solver->solve(planted.problem, options);
  ASSERT_EQ(cold.status, Status::converged);

  options.warm_start = planted.solution + 1e-4 * Vector::Ones(80);
  const SolverResult warm = solver->solve(planted.problem, options);
  ASSERT_EQ(warm.status, Status::converged);
  EXPECT_LT(warm.iterations, cold.iterations);

  options.warm_start = cold.z;  // already a solution
  const SolverResult solved = solver->solve(planted.problem, options);
  EXPECT_EQ(solved.status, Status::converged);
  EXPECT_EQ(solved.iterations, 0);
}

TEST(Bbpgd, RecordsOneMeritPerIterationOnlyWhenAsked) {
  const auto solver = make_bbpgd_solver();
  const auto planted = planted_dense_lcp(30, 4);
  SolverOptions options = tight_options();
  const SolverResult recorded = solver->solve(planted.problem, options);
  ASSERT_GT(recorded.iterations, 0);
  EXPECT_EQ(recorded.merit_history.size(), static_cast<std::size_t>(recorded.iterations));
  // The default residual bounds the natural residual: the last merit is at least the final one.
  EXPECT_GE(recorded.merit_history.back(), recorded.residual);

  options.record_history = false;
  const SolverResult silent = solver->solve(planted.problem, options);
  EXPECT_TRUE(silent.merit_history.empty());
  EXPECT_EQ(silent.iterations, recorded.iterations);
}

TEST(Bbpgd, ReportsTheIterationCapWithoutClaimingConvergence) {
  const auto solver = make_bbpgd_solver();
  const auto planted = planted_dense_lcp(60, 2);
  SolverOptions options = tight_options();
  options.max_iterations = 5;
  const SolverResult result = solver->solve(planted.problem, options);
  EXPECT_EQ(result.status, Status::max_iterations);
  EXPECT_EQ(result.iterations, 5);
  EXPECT_GT(result.residual, options.tolerance);
  expect_consistent_result(planted.problem, options, result);
}

TEST(Bbpgd, ReportsStagnationOnAProblemWithoutSolution) {
  // M = 0, q = (-1, 1): w_0 = -1 for every z, so there is no solution; the objective decreases
  // linearly along z_0 and the gradient never changes (no curvature).
  const LcpProblem problem(DenseMatrix::Zero(2, 2), Vector::LinSpaced(2, -1.0, 1.0));
  const SolverOptions options = tight_options();
  const SolverResult result = make_bbpgd_solver()->solve(problem, options);
  EXPECT_EQ(result.status, Status::stagnation);
  expect_consistent_result(problem, options, result);
}

TEST(Bbpgd, ReportsStagnationWhenTheMeritStopsChanging) {
  const auto planted = planted_dense_lcp(60, 6);
  SolverOptions options = tight_options();
  options.relative_tolerance = 0.99;  // any iteration that improves the merit by < 99% stops
  const SolverResult result = make_bbpgd_solver()->solve(planted.problem, options);
  EXPECT_EQ(result.status, Status::stagnation);
  expect_consistent_result(planted.problem, options, result);
}

TEST(Bbpgd, RefusesNonSymmetricMatrices) {
  const auto solver = make_bbpgd_solver();
  const SolverOptions options = tight_options();
  DenseMatrix M = planted_dense_lcp(10, 3).problem.dense();
  M(2, 7) += 0.5;
  const LcpProblem dense(M, Vector::Ones(10));
  const LcpProblem sparse(SparseMatrix(M.sparseView()), Vector::Ones(10));
  for (const LcpProblem* problem : {&dense, &sparse}) {
    const SolverResult result = solver->solve(*problem, options);
    EXPECT_EQ(result.status, Status::unsupported);
    EXPECT_EQ(result.iterations, 0);
    expect_consistent_result(*problem, options, result);
  }
}

TEST(Bbpgd, RefusesANegativeDiagonal) {
  DenseMatrix M = DenseMatrix::Identity(3, 3);
  M(1, 1) = -1.0;  // symmetric but not positive semidefinite
  const LcpProblem problem(M, -Vector::Ones(3));
  EXPECT_EQ(make_bbpgd_solver()->solve(problem, tight_options()).status, Status::unsupported);
}

TEST(Bbpgd, RejectsAWarmStartOfTheWrongSize) {
  const auto planted = planted_dense_lcp(10, 3);
  SolverOptions options = tight_options();
  options.warm_start = Vector::Zero(9);
  EXPECT_THROW(make_bbpgd_solver()->solve(planted.problem, options), InputError);
}

TEST(Bbpgd, SolvesTheEmptyProblem) {
  const LcpProblem problem(DenseMatrix(0, 0), Vector(0));
  const SolverResult result = make_bbpgd_solver()->solve(problem, tight_options());
  EXPECT_EQ(result.status, Status::converged);
  EXPECT_EQ(result.iterations, 0);
  EXPECT_EQ(result.z.size(), 0);
}

}  // namespace
}  // namespace relcp::lcp
