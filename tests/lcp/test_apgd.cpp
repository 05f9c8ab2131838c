// APGD through the LcpSolver interface (make_apgd_solver, ApgdSolver), and the properties the
// theory guarantees for the generic algorithm.

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <memory>
#include <tuple>
#include <vector>

#include "lcp/projection/eigen_vector_space.hpp"
#include "lcp/projection/projected_gradient.hpp"
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

TEST(Apgd, IsAGradientSolverNamedApgd) {
  const auto solver = make_apgd_solver();
  EXPECT_EQ(solver->name(), "apgd");
  EXPECT_EQ(solver->family(), SolverFamily::gradient);
}

TEST(Apgd, FindsThePlantedSolutionOfDenseAndSparseSpdProblems) {
  const auto solver = make_apgd_solver();
  const SolverOptions options = tight_options();
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    for (const auto& planted : {planted_dense_lcp(60, seed), planted_sparse_lcp(400, seed)}) {
      const SolverResult result = solver->solve(planted.problem, options);
      SCOPED_TRACE(::testing::Message() << "seed " << seed << ", sparse " << planted.problem.is_sparse());
      ASSERT_EQ(result.status, Status::converged);
      expect_consistent_result(planted.problem, options, result);
      EXPECT_TRUE(IsLcpSolution(planted.problem, result.z, 1e-9));
      EXPECT_LT((result.z - planted.solution).lpNorm<Eigen::Infinity>(), 1e-8);
    }
  }
}

TEST(Apgd, SolvesSingularPositiveSemidefiniteProblems) {
  const auto solver = make_apgd_solver();
  const SolverOptions options = tight_options();
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    const auto planted = planted_dense_lcp(50, seed, /*shift=*/0.0, /*rank=*/20);
    const SolverResult result = solver->solve(planted.problem, options);
    SCOPED_TRACE(seed);
    ASSERT_EQ(result.status, Status::converged);
    expect_consistent_result(planted.problem, options, result);
    EXPECT_TRUE(IsLcpSolution(planted.problem, result.z, 1e-9));
  }
}

class ApgdVariant : public ::testing::TestWithParam<std::tuple<GradientResidual, ApgdRestart>> {};

TEST_P(ApgdVariant, EveryResidualAndRestartRuleConvergesToTheSolution) {
  const ApgdSolver solver(std::get<0>(GetParam()), std::get<1>(GetParam()));
  const SolverOptions options = tight_options();
  const auto planted = planted_sparse_lcp(300, 29);
  const SolverResult result = solver.solve(planted.problem, options);
  ASSERT_EQ(result.status, Status::converged);
  expect_consistent_result(planted.problem, options, result);
  EXPECT_LT((result.z - planted.solution).lpNorm<Eigen::Infinity>(), 1e-8);
}

INSTANTIATE_TEST_SUITE_P(
    Policies, ApgdVariant,
    ::testing::Combine(::testing::Values(GradientResidual::projected_gradient_inf,
                                         GradientResidual::projected_gradient_2, GradientResidual::mazhar),
                       ::testing::Values(ApgdRestart::gradient, ApgdRestart::objective, ApgdRestart::none)));

TEST(Apgd, WarmStartNearTheSolutionNeedsFewerIterations) {
  const auto solver = make_apgd_solver();
  const auto planted = planted_dense_lcp(80, 23);
  SolverOptions options = tight_options();
  const SolverResult cold = solver->solve(planted.problem, options);
  ASSERT_EQ(cold.status, Status::converged);

  options.warm_start = planted.solution + 1e-4 * Vector::Ones(80);
  const SolverResult warm = solver->solve(planted.problem, options);
  ASSERT_EQ(warm.status, Status::converged);
  EXPECT_LT(warm.iterations, cold.iterations);
}

TEST(Apgd, ReportsTheIterationCapWithoutClaimingConvergence) {
  const auto planted = planted_dense_lcp(60, 2, /*shift=*/0.001);
  SolverOptions options = tight_options();
  options.max_iterations = 20;
  const SolverResult result = make_apgd_solver()->solve(planted.problem, options);
  EXPECT_EQ(result.status, Status::max_iterations);
  EXPECT_EQ(result.iterations, 20);
  expect_consistent_result(planted.problem, options, result);
}

TEST(Apgd, NeverClaimsConvergenceOnAProblemWithoutSolution) {
  // M = 0, q = (-1, 1): w_0 = -1 for every z.
  const LcpProblem problem(DenseMatrix::Zero(2, 2), Vector::LinSpaced(2, -1.0, 1.0));
  SolverOptions options = tight_options();
  options.max_iterations = 200;
  const SolverResult result = make_apgd_solver()->solve(problem, options);
  EXPECT_NE(result.status, Status::converged);
  expect_consistent_result(problem, options, result);
}

TEST(Apgd, RefusesNonSymmetricMatrices) {
  const auto solver = make_apgd_solver();
  const SolverOptions options = tight_options();
  DenseMatrix M = planted_dense_lcp(10, 3).problem.dense();
  M(4, 1) -= 0.25;
  const LcpProblem dense(M, Vector::Ones(10));
  const LcpProblem sparse(SparseMatrix(M.sparseView()), Vector::Ones(10));
  for (const LcpProblem* problem : {&dense, &sparse}) {
    const SolverResult result = solver->solve(*problem, options);
    EXPECT_EQ(result.status, Status::unsupported);
    expect_consistent_result(*problem, options, result);
  }
}

// Ill-conditioned enough (eigenvalues in about [0.001, 4]) that momentum overshoots and restarts.
const testing::PlantedLcp& ill_conditioned() {
  static const testing::PlantedLcp planted = planted_dense_lcp(80, 31, /*shift=*/0.001);
  return planted;
}

TEST(ApgdTheory, ObjectiveRestartMakesTheObjectiveMonotone) {
  const LcpProblem& problem = ill_conditioned().problem;
  const EigenVectorSpace space(problem);
  Vector z = Vector::Zero(problem.size());
  double previous = testing::qp_objective(problem, z);
  int rejected = 0;
  int iterations = 0;
  AcceleratedProjectedGradient<ProjectedGradientInfNorm, ObjectiveRestart>{}.solve(
      space, z, {.max_iterations = 400}, MeritWithinTolerance{1e-10},
      [&](const ApgdIteration& info, const Vector& iterate) {
        const double current = testing::qp_objective(problem, iterate);
        EXPECT_LE(current, previous + 1e-12 * (1.0 + std::abs(previous))) << "iteration " << info.iteration;
        previous = current;
        rejected += info.rejected ? 1 : 0;
        ++iterations;
      });
  EXPECT_GT(iterations, 50);
  EXPECT_GT(rejected, 0);  // the guarantee was exercised, not vacuous
}

TEST(ApgdTheory, StepsTakenFromTheIterateNeverRaiseTheObjective) {
  // With Mazhar's gradient restart the objective may rise under momentum; a step that starts at
  // the iterate itself (after a restart) is a projected-gradient step with sufficient decrease.
  const LcpProblem& problem = ill_conditioned().problem;
  const EigenVectorSpace space(problem);
  Vector z = Vector::Zero(problem.size());
  double previous = testing::qp_objective(problem, z);
  int steps_from_iterate = 0;
  int restarts = 0;
  AcceleratedProjectedGradient<>{}.solve(space, z, {.max_iterations = 400}, MeritWithinTolerance{1e-10},
                                         [&](const ApgdIteration& info, const Vector& iterate) {
                                           const double current = testing::qp_objective(problem, iterate);
                                           if (info.from_iterate) {
                                             EXPECT_LE(current, previous + 1e-12 * (1.0 + std::abs(previous)))
                                                 << "iteration " << info.iteration;
                                             ++steps_from_iterate;
                                           }
                                           restarts += info.restarted ? 1 : 0;
                                           previous = current;
                                         });
  EXPECT_GT(restarts, 0);
  EXPECT_GT(steps_from_iterate, restarts);
}

TEST(ApgdTheory, ReturnsTheIterateOfSmallestMeritWhenItStopsEarly) {
  const LcpProblem& problem = ill_conditioned().problem;
  const EigenVectorSpace space(problem);
  Vector z = Vector::Zero(problem.size());
  Vector work = space.make_vector();
  double smallest = ProjectedGradientInfNorm{}.merit(space, z, problem.q(), work);
  const GradientOutcome outcome = AcceleratedProjectedGradient<>{}.solve(
      space, z, {.max_iterations = 60}, MeritWithinTolerance{1e-14},
      [&](const ApgdIteration& info, const Vector&) { smallest = std::min(smallest, info.merit); });
  ASSERT_EQ(outcome.stop, GradientStop::max_iterations);
  EXPECT_EQ(outcome.merit, smallest);
  EXPECT_DOUBLE_EQ(ProjectedGradientInfNorm{}.merit(space, z, problem.w(z), work), smallest);
}

}  // namespace
}  // namespace relcp::lcp
