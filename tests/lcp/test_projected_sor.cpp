// Projected Gauss-Seidel and projected SOR (Erleben 2013, sections 5.2-5.3): invariant B1 of
// docs/lcp.md, convergence, and the refusal of a zero diagonal.

#include <gtest/gtest.h>

#include <random>

#include "core/error.hpp"
#include "lcp/problems/erleben_generators.hpp"
#include "lcp/projection/projected_sor.hpp"
#include "lcp/residual.hpp"
#include "lcp/solver_factories.hpp"
#include "support/lcp_checks.hpp"
#include "support/random_matrices.hpp"

namespace relcp::lcp {
namespace {

using testing::IsLcpSolution;

double quadratic_objective(const SparseMatrix& A, const Vector& b, const Vector& x) {
  return 0.5 * x.dot(A * x) + b.dot(x);
}

// B1: on symmetric PSD A every single coordinate update keeps x >= 0 and never increases
// f(x) = x^T A x / 2 + b^T x, for any relaxation in (0, 2).
TEST(ProjectedSorUpdate, B1NeverIncreasesTheQuadraticAndStaysNonnegative) {
  std::mt19937_64 random(11);
  for (const double relaxation : {0.2, 1.0, 1.4, 1.95}) {
    for (int trial = 0; trial < 5; ++trial) {
      const Index n = 30;
      DenseMatrix dense = testing::random_psd_matrix(n, 12, random);  // rank deficient
      dense.diagonal().array() += 1e-3;                               // PGS needs A_ii > 0
      const SparseMatrix A = dense.sparseView();
      const Vector b = testing::random_uniform_matrix(n, 1, random) * 5.0;
      const Vector diagonal = A.diagonal();
      Vector x = Vector::Zero(n);
      double f = quadratic_objective(A, b, x);
      for (int sweep = 0; sweep < 20; ++sweep) {
        for (Index i = 0; i < n; ++i) {
          projected_sor_update(A, b, diagonal[i], relaxation, i, x);
          const double updated = quadratic_objective(A, b, x);
          ASSERT_LE(updated, f + 1e-12 * (1.0 + std::abs(f)))
              << "relaxation " << relaxation << ", sweep " << sweep << ", coordinate " << i;
          ASSERT_GE(x[i], 0.0);
          f = updated;
        }
      }
      EXPECT_LT(f, 0.0);  // it moved: f(0) = 0 and b has negative entries
    }
  }
}

TEST(ProjectedSorSweep, ReturnsTheLargestChangeAndMatchesTheUpdates) {
  std::mt19937_64 random(5);
  const SparseMatrix A = testing::random_diagonally_dominant_matrix(40, 3, false, random);
  const Vector b = testing::random_uniform_matrix(40, 1, random);
  const Vector diagonal = A.diagonal();
  Vector swept = Vector::Constant(40, 0.5);
  Vector updated = swept;
  const double largest = projected_sor_sweep(A, b, diagonal, 1.3, swept);
  double expected_largest = 0.0;
  for (Index i = 0; i < 40; ++i) {
    expected_largest = std::max(expected_largest, std::abs(projected_sor_update(A, b, diagonal[i], 1.3, i, updated)));
  }
  EXPECT_EQ(swept, updated);
  EXPECT_DOUBLE_EQ(largest, expected_largest);
  EXPECT_GT(largest, 0.0);
}

class SplittingSolver : public ::testing::TestWithParam<const char*> {
 protected:
  std::unique_ptr<LcpSolver> solver() const {
    return std::string(GetParam()) == "pgs" ? make_pgs_solver() : make_psor_solver();
  }
};

TEST_P(SplittingSolver, NameAndFamily) {
  EXPECT_EQ(solver()->name(), GetParam());
  EXPECT_EQ(solver()->family(), SolverFamily::splitting);
}

TEST_P(SplittingSolver, SolvesDenseSpdProblems) {
  for (std::uint64_t seed = 1; seed <= 5; ++seed) {
    std::mt19937_64 random(seed);
    const DenseMatrix M = testing::random_spd_matrix(40, 1.0, random);
    const erleben::PlantedSolution planted = erleben::make_lcp(M, 0.25, random);
    const LcpProblem problem(M, planted.b);
    SolverOptions options;
    options.max_iterations = 5000;
    const SolverResult result = solver()->solve(problem, options);
    ASSERT_EQ(result.status, Status::converged) << "seed " << seed;
    EXPECT_LE(result.residual, options.tolerance);
    EXPECT_TRUE(IsLcpSolution(problem, result.z, 1e-7));
    EXPECT_LT((result.z - planted.x).lpNorm<Eigen::Infinity>(), 1e-6);  // unique: M is PD
    EXPECT_EQ(result.merit_history.size(), static_cast<std::size_t>(result.iterations));
  }
}

TEST_P(SplittingSolver, SolvesSparseDiagonallyDominantProblems) {
  for (const bool symmetric : {true, false}) {
    std::mt19937_64 random(symmetric ? 3 : 4);
    const SparseMatrix M = testing::random_diagonally_dominant_matrix(3000, 4, symmetric, random);
    const erleben::PlantedSolution planted = erleben::make_lcp(M, 0.25, random);
    const LcpProblem problem(M, planted.b);
    const SolverResult result = solver()->solve(problem, SolverOptions{});
    ASSERT_EQ(result.status, Status::converged) << (symmetric ? "symmetric" : "non-symmetric");
    EXPECT_TRUE(IsLcpSolution(problem, result.z, 1e-7));
    EXPECT_LT((result.z - planted.x).lpNorm<Eigen::Infinity>(), 1e-6);
  }
}

TEST_P(SplittingSolver, SolvesTheErlebenFluidProblem) {
  const erleben::GeneratedLcp fluid = erleben::make_fluid_lcp(8, 2);
  const SolverResult result = solver()->solve(fluid.problem, SolverOptions{});
  ASSERT_EQ(result.status, Status::converged);
  EXPECT_TRUE(IsLcpSolution(fluid.problem, result.z, 1e-7));
}

TEST_P(SplittingSolver, RefusesAZeroOrNegativeDiagonalBeforeAnySweep) {
  // Erleben's contact matrix has a zero diagonal entry in every slack row.
  const erleben::GeneratedLcp contact = erleben::make_contact_lcp(5, 1);
  const SolverResult result = solver()->solve(contact.problem, SolverOptions{});
  EXPECT_EQ(result.status, Status::unsupported);
  EXPECT_EQ(result.iterations, 0);
  EXPECT_TRUE(result.merit_history.empty());

  DenseMatrix negative(2, 2);
  negative << 2.0, 0.0, 0.0, -1.0;
  const SolverResult refused = solver()->solve(LcpProblem(negative, Vector::Constant(2, -1.0)), {});
  EXPECT_EQ(refused.status, Status::unsupported);
  EXPECT_EQ(refused.iterations, 0);
  EXPECT_EQ(refused.z.size(), 2);
}

TEST_P(SplittingSolver, WarmStartAtTheSolutionNeedsNoSweep) {
  std::mt19937_64 random(8);
  const DenseMatrix M = testing::random_spd_matrix(20, 1.0, random);
  const erleben::PlantedSolution planted = erleben::make_lcp(M, 0.25, random);
  SolverOptions options;
  options.warm_start = planted.x;
  const SolverResult result = solver()->solve(LcpProblem(M, planted.b), options);
  EXPECT_EQ(result.status, Status::converged);
  EXPECT_EQ(result.iterations, 0);

  options.warm_start = Vector::Zero(3);
  EXPECT_THROW(solver()->solve(LcpProblem(M, planted.b), options), InputError);
}

TEST_P(SplittingSolver, StopsAtTheIterationCapOrOnRelativeMeritChange) {
  const erleben::GeneratedLcp fluid = erleben::make_fluid_lcp(8, 3);
  SolverOptions capped;
  capped.max_iterations = 3;
  const SolverResult result = solver()->solve(fluid.problem, capped);
  EXPECT_EQ(result.status, Status::max_iterations);
  EXPECT_EQ(result.iterations, 3);
  EXPECT_GT(result.residual, capped.tolerance);
  EXPECT_EQ(result.residual, natural_residual(fluid.problem, result.z));

  SolverOptions loose;
  loose.relative_tolerance = 0.5;  // the merit certainly changes less than 50% at some sweep
  const SolverResult stopped = solver()->solve(fluid.problem, loose);
  EXPECT_EQ(stopped.status, Status::stagnation);
  EXPECT_GT(stopped.residual, loose.tolerance);
}

TEST_P(SplittingSolver, DenseAndSparseStorageGiveTheSameIterates) {
  std::mt19937_64 random(21);
  const DenseMatrix M = testing::random_spd_matrix(25, 0.5, random);
  const erleben::PlantedSolution planted = erleben::make_lcp(M, 0.25, random);
  SolverOptions options;
  options.max_iterations = 7;
  const SolverResult dense = solver()->solve(LcpProblem(M, planted.b), options);
  const SolverResult sparse = solver()->solve(LcpProblem(SparseMatrix(M.sparseView()), planted.b), options);
  EXPECT_LT((dense.z - sparse.z).lpNorm<Eigen::Infinity>(), 1e-13);
}

INSTANTIATE_TEST_SUITE_P(PgsAndPsor, SplittingSolver, ::testing::Values("pgs", "psor"));

TEST(Psor, RejectsARelaxationOutsideTheOpenInterval) {
  const LcpProblem problem(DenseMatrix::Identity(2, 2), Vector::Constant(2, -1.0));
  for (const double relaxation : {0.0, 2.0, -0.5, 2.5, std::nan("")}) {
    SolverOptions options;
    options.relaxation = relaxation;
    EXPECT_THROW(make_psor_solver()->solve(problem, options), InputError) << relaxation;
    EXPECT_NO_THROW(make_pgs_solver()->solve(problem, options));  // PGS ignores it
  }
}

TEST(Psor, OverRelaxationNeedsFewerSweepsThanGaussSeidelOnTheFluidProblem) {
  // Erleben 2013 section 7, table 2: PSOR(1.4) about twice as fast as PGS on fluid problems.
  int pgs_sweeps = 0;
  int psor_sweeps = 0;
  for (std::uint64_t seed = 1; seed <= 4; ++seed) {
    const erleben::GeneratedLcp fluid = erleben::make_fluid_lcp(8, seed);
    pgs_sweeps += make_pgs_solver()->solve(fluid.problem, SolverOptions{}).iterations;
    psor_sweeps += make_psor_solver()->solve(fluid.problem, SolverOptions{}).iterations;
  }
  EXPECT_LT(psor_sweeps, pgs_sweeps);
}

}  // namespace
}  // namespace relcp::lcp
