// MPRGP through the LcpSolver interface (make_mprgp_solver, MprgpSolver), and the properties the
// theory guarantees for the generic algorithm (lcp/projection/mprgp.hpp).

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <utility>
#include <vector>

#include "lcp/problems/contact_network_lcps.hpp"
#include "lcp/projection/eigen_vector_space.hpp"
#include "lcp/projection/mprgp.hpp"
#include "lcp/projection/projected_gradient_solvers.hpp"
#include "lcp/residual.hpp"
#include "lcp/solver_factories.hpp"
#include "support/convex_qp_problems.hpp"
#include "support/gradient_solver_checks.hpp"
#include "support/lcp_checks.hpp"
#include "support/std_vector_space.hpp"

namespace relcp::lcp {
namespace {

using testing::IsLcpSolution;
using testing::planted_dense_lcp;
using testing::planted_sparse_lcp;
using testing::tight_options;

testing::PlantedLcp chain_of_contacts(Index n, int gaps, std::uint64_t seed) {
  erleben::GeneratedLcp chain = make_contact_chain_lcp(n, gaps, seed);
  return {std::move(chain.problem), std::move(chain.solution)};
}

void expect_converged_to(const testing::PlantedLcp& planted, const SolverResult& result, double tolerance) {
  ASSERT_EQ(result.status, Status::converged);
  EXPECT_EQ(result.residual, natural_residual(planted.problem, result.z));
  EXPECT_LE(result.residual, tolerance);
  EXPECT_TRUE(IsLcpSolution(planted.problem, result.z, std::max(tolerance, 1e-9)));
}

TEST(Mprgp, IsAGradientSolverNamedMprgp) {
  const auto solver = make_mprgp_solver();
  EXPECT_EQ(solver->name(), "mprgp");
  EXPECT_EQ(solver->family(), SolverFamily::gradient);
}

TEST(Mprgp, FindsThePlantedSolutionOfDenseAndSparseSpdProblems) {
  const auto solver = make_mprgp_solver();
  const SolverOptions options = tight_options();
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    for (const auto& planted : {planted_dense_lcp(60, seed), planted_sparse_lcp(400, seed)}) {
      SCOPED_TRACE(::testing::Message() << "seed " << seed << ", sparse " << planted.problem.is_sparse());
      const SolverResult result = solver->solve(planted.problem, options);
      expect_converged_to(planted, result, options.tolerance);
      EXPECT_LT((result.z - planted.solution).lpNorm<Eigen::Infinity>(), 1e-8);
      EXPECT_EQ(result.merit_history.size(), static_cast<std::size_t>(result.iterations));
    }
  }
}

TEST(Mprgp, SolvesSingularPositiveSemidefiniteProblems) {
  const auto solver = make_mprgp_solver();
  const SolverOptions options = tight_options();
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    SCOPED_TRACE(seed);
    const auto planted = planted_dense_lcp(50, seed, /*shift=*/0.0, /*rank=*/20);
    expect_converged_to(planted, solver->solve(planted.problem, options), options.tolerance);
  }
}

TEST(Mprgp, EveryResidualPolicyConvergesToTheSolution) {
  for (const GradientResidual residual :
       {GradientResidual::projected_gradient_inf, GradientResidual::projected_gradient_2, GradientResidual::mazhar}) {
    const MprgpSolver solver(residual);
    const SolverOptions options = tight_options();
    const auto planted = planted_sparse_lcp(300, 29);
    const SolverResult result = solver.solve(planted.problem, options);
    expect_converged_to(planted, result, options.tolerance);
    EXPECT_LT((result.z - planted.solution).lpNorm<Eigen::Infinity>(), 1e-8);
  }
}

TEST(Mprgp, WarmStartAtTheSolutionTakesNoIterationAndNearItFewer) {
  const auto solver = make_mprgp_solver();
  const auto planted = planted_dense_lcp(80, 23);
  SolverOptions options = tight_options();
  const SolverResult cold = solver->solve(planted.problem, options);
  ASSERT_EQ(cold.status, Status::converged);

  options.warm_start = planted.solution;
  EXPECT_EQ(solver->solve(planted.problem, options).iterations, 0);
  options.warm_start = planted.solution + 1e-4 * Vector::Ones(80);
  const SolverResult warm = solver->solve(planted.problem, options);
  ASSERT_EQ(warm.status, Status::converged);
  EXPECT_LT(warm.iterations, cold.iterations);
}

TEST(Mprgp, ReportsTheIterationCapWithoutClaimingConvergence) {
  const auto planted = chain_of_contacts(400, 4, 2);
  SolverOptions options = tight_options();
  options.max_iterations = 20;
  const SolverResult result = make_mprgp_solver()->solve(planted.problem, options);
  EXPECT_EQ(result.status, Status::max_iterations);
  EXPECT_EQ(result.iterations, 20);
  EXPECT_GT(result.residual, options.tolerance);
}

TEST(Mprgp, NeverClaimsConvergenceOnAProblemWithoutSolution) {
  // M = 0, q = (-1, 1): w_0 = -1 for every z.
  const LcpProblem problem(DenseMatrix::Zero(2, 2), Vector::LinSpaced(2, -1.0, 1.0));
  SolverOptions options = tight_options();
  options.max_iterations = 200;
  const SolverResult result = make_mprgp_solver()->solve(problem, options);
  EXPECT_NE(result.status, Status::converged);
  EXPECT_GT(result.residual, options.tolerance);
}

TEST(Mprgp, RefusesNonSymmetricMatrices) {
  DenseMatrix M = planted_dense_lcp(10, 3).problem.dense();
  M(4, 1) -= 0.25;
  const SolverResult result = make_mprgp_solver()->solve(LcpProblem(M, Vector::Ones(10)), tight_options());
  EXPECT_EQ(result.status, Status::unsupported);
}

TEST(MprgpTheory, EveryStepLowersTheObjectiveAndEveryStepKindIsTaken) {
  const auto planted = chain_of_contacts(300, 4, 5);
  const EigenVectorSpace space(planted.problem);
  Vector z = Vector::Zero(planted.problem.size());
  double previous = testing::qp_objective(planted.problem, z);
  int counts[3] = {0, 0, 0};
  const GradientOutcome outcome = Mprgp<>{}.solve(
      space, z, {.max_iterations = 5000}, MeritWithinTolerance{1e-10},
      [&](const MprgpIteration& info, const Vector& iterate) {
        const double current = testing::qp_objective(planted.problem, iterate);
        EXPECT_LE(current, previous + 1e-12 * (1.0 + std::abs(previous))) << "iteration " << info.iteration;
        previous = current;
        ++counts[static_cast<int>(info.step)];
      });
  EXPECT_EQ(outcome.stop, GradientStop::converged);
  EXPECT_LT((z - planted.solution).lpNorm<Eigen::Infinity>(), 1e-8);
  EXPECT_GT(counts[static_cast<int>(MprgpStep::conjugate_gradient)], 0);
  EXPECT_GT(counts[static_cast<int>(MprgpStep::expansion)], 0);
  EXPECT_GT(counts[static_cast<int>(MprgpStep::proportioning)], 0);
}

TEST(MprgpTheory, WithoutActiveBoundsItIsConjugateGradientsAndEndsWithinNSteps) {
  // A strictly positive solution and a start on the free set: MPRGP takes only CG steps, which
  // end in exact arithmetic after at most n of them.
  const Index n = 40;
  DenseMatrix A = planted_dense_lcp(n, 4, /*shift=*/1.0).problem.dense();
  const Vector solution = Vector::Constant(n, 1.0);
  const LcpProblem problem(A, -(A * solution));
  const EigenVectorSpace space(problem);
  Vector z = Vector::Constant(n, 1.5);
  int non_cg = 0;
  const GradientOutcome outcome = Mprgp<>{}.solve(
      space, z, {.max_iterations = 1000}, MeritWithinTolerance{1e-9},
      [&](const MprgpIteration& info, const Vector&) { non_cg += info.step == MprgpStep::conjugate_gradient ? 0 : 1; });
  EXPECT_EQ(outcome.stop, GradientStop::converged);
  EXPECT_EQ(non_cg, 0);
  EXPECT_LE(outcome.iterations, n);
  EXPECT_LT((z - solution).lpNorm<Eigen::Infinity>(), 1e-7);
}

TEST(MprgpTheory, CostsAtMostTwoApplicationsAndFourReductionsPerIteration) {
  const auto planted = chain_of_contacts(200, 4, 11);
  const EigenVectorSpace eigen_space(planted.problem);
  const testing::CountingSpace<EigenVectorSpace> space(eigen_space);
  Vector z = Vector::Zero(planted.problem.size());
  int expansions = 0;
  const MprgpParameters parameters;
  const GradientOutcome outcome = Mprgp<>(ProjectedGradientInfNorm{}, parameters)
                                      .solve(space, z, {.max_iterations = 5000}, MeritWithinTolerance{1e-10},
                                             [&](const MprgpIteration& info, const Vector&) {
                                               expansions += info.step == MprgpStep::expansion ? 1 : 0;
                                             });
  ASSERT_EQ(outcome.stop, GradientStop::converged);
  // Set-up: the first gradient, the norm estimate, the first split; the end: the recomputed
  // gradient of the accepted iterate.
  const int setup_applications = 1 + parameters.power_iterations + 1;
  const int setup_reductions = 1 + parameters.power_iterations + 1 + 1;
  EXPECT_LE(space.applications(), setup_applications + outcome.iterations + expansions);
  EXPECT_LE(space.reductions(), setup_reductions + 4 * outcome.iterations);
}

TEST(Mprgp, SolvesTheCompressedLatticeOfDiscsUnderBothLoads) {
  for (const bool central_pressure : {false, true}) {
    SCOPED_TRACE(central_pressure);
    const erleben::GeneratedLcp lattice = make_contact_lattice_lcp(8, 3, central_pressure);
    ASSERT_EQ(lattice.problem.size(), 7 * 23);  // (side - 1)(3 side - 1) touching pairs
    EXPECT_LE(natural_residual(lattice.problem, lattice.solution), 1e-12);
    SolverOptions options = tight_options();
    options.tolerance = 1e-8;
    const SolverResult result = make_mprgp_solver()->solve(lattice.problem, options);
    ASSERT_EQ(result.status, Status::converged);
    // A is singular (more contacts than disc coordinates): the planted forces are one solution
    // of many, so only the residual is checked.
    EXPECT_LE(result.residual, options.tolerance);
  }
}

TEST(MprgpTheory, NeedsFarFewerIterationsThanBbpgdOnALongContactChain) {
  // BBPGD's iteration count grows with the condition number, MPRGP's with its square root.
  const auto planted = chain_of_contacts(400, 0, 7);
  SolverOptions options = tight_options();
  options.tolerance = 1e-8;
  options.max_iterations = 200000;
  const SolverResult mprgp = make_mprgp_solver()->solve(planted.problem, options);
  const SolverResult bbpgd = make_bbpgd_solver()->solve(planted.problem, options);
  expect_converged_to(planted, mprgp, options.tolerance);
  expect_converged_to(planted, bbpgd, options.tolerance);
  EXPECT_LT(4 * mprgp.iterations, bbpgd.iterations) << "mprgp " << mprgp.iterations << ", bbpgd " << bbpgd.iterations;
}

}  // namespace
}  // namespace relcp::lcp
