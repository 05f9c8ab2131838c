// Lemke's method: exact solutions on P-matrix and SPD problems (B5), degenerate and
// infeasible problems, the pivot cap, and the reported fields.

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <random>

#include "lcp/pivoting/lemke.hpp"
#include "lcp/problems/erleben_generators.hpp"
#include "lcp/solver_factories.hpp"
#include "support/lcp_checks.hpp"

namespace relcp::lcp {
namespace {

using testing::IsLcpSolution;

SolverOptions tight_options(double tolerance = 1e-10) {
  SolverOptions options;
  options.tolerance = tolerance;
  return options;
}

DenseMatrix gaussian_matrix(Index rows, Index cols, std::mt19937_64& random) {
  std::normal_distribution<double> normal;
  DenseMatrix matrix(rows, cols);
  for (Index j = 0; j < cols; ++j) {
    for (Index i = 0; i < rows; ++i) matrix(i, j) = normal(random);
  }
  return matrix;
}

// R R^T / n + 0.1 I plus a skew-symmetric part: positive definite, non-symmetric, so a P-matrix.
DenseMatrix nonsymmetric_positive_definite(Index n, std::mt19937_64& random) {
  const DenseMatrix R = gaussian_matrix(n, n, random);
  const DenseMatrix S = gaussian_matrix(n, n, random);
  return R * R.transpose() / static_cast<double>(n) + 0.1 * DenseMatrix::Identity(n, n) + S - S.transpose();
}

TEST(Lemke, NonnegativeQReturnsZeroWithoutPivoting) {
  std::mt19937_64 random(3);
  Vector q = gaussian_matrix(6, 1, random).cwiseAbs();
  q[2] = 0.0;
  const LcpProblem problem(gaussian_matrix(6, 6, random), q);
  const SolverResult result = LemkeSolver().solve(problem, tight_options());
  EXPECT_EQ(result.status, Status::converged);
  EXPECT_EQ(result.iterations, 0);
  EXPECT_EQ(result.z, Vector::Zero(6));
  EXPECT_EQ(result.residual, 0.0);
}

// B5: on a P-matrix Lemke always ends at the (unique) solution.
TEST(Lemke, B5SolvesRandomPositiveDefiniteNonsymmetricProblems) {
  std::mt19937_64 random(11);
  std::uniform_int_distribution<Index> size(1, 25);
  for (int instance = 0; instance < 200; ++instance) {
    const Index n = size(random);
    const LcpProblem problem(nonsymmetric_positive_definite(n, random), gaussian_matrix(n, 1, random));
    const SolverResult result = LemkeSolver().solve(problem, tight_options());
    ASSERT_EQ(result.status, Status::converged) << "instance " << instance << ", n = " << n;
    ASSERT_TRUE(IsLcpSolution(problem, result.z, 1e-10)) << "instance " << instance;
    EXPECT_LE(result.residual, 1e-10);
  }
}

// B5 on SPD matrices with a planted solution (unique, since SPD is a P-matrix).
TEST(Lemke, B5RecoversThePlantedSolutionOfDenseSpdProblems) {
  for (const Index n : {10, 60, 250}) {
    const erleben::GeneratedLcp generated = erleben::make_pd_lcp(n, 100 + static_cast<std::uint64_t>(n));
    const SolverResult result = LemkeSolver().solve(generated.problem, tight_options());
    ASSERT_EQ(result.status, Status::converged) << "n = " << n;
    EXPECT_TRUE(IsLcpSolution(generated.problem, result.z, 1e-10)) << "n = " << n;
    EXPECT_LE((result.z - generated.solution).lpNorm<Eigen::Infinity>(), 1e-9) << "n = " << n;
    // One pivot brings z0 in; each positive z_i needs at least one more.
    EXPECT_GE(result.iterations, (generated.solution.array() > 0.0).count());
  }
}

TEST(Lemke, SolvesErlebenContactProblems) {
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    const erleben::GeneratedLcp generated = erleben::make_contact_lcp(10, seed);
    const SolverResult result = LemkeSolver().solve(generated.problem, tight_options(1e-9));
    ASSERT_EQ(result.status, Status::converged) << "seed " << seed;
    EXPECT_TRUE(IsLcpSolution(generated.problem, result.z, 1e-9)) << "seed " << seed;
  }
}

// Every q_i ties and every ratio test is degenerate; lexicographic pivoting still ends.
TEST(Lemke, SolvesFullyTiedDegenerateProblems) {
  const Index n = 8;
  const DenseMatrix M = DenseMatrix::Identity(n, n) + DenseMatrix::Ones(n, n);
  const LcpProblem all_tied(M, -Vector::Ones(n));
  const SolverResult result = LemkeSolver().solve(all_tied, tight_options());
  ASSERT_EQ(result.status, Status::converged);
  EXPECT_LE((result.z - Vector::Constant(n, 1.0 / (n + 1))).lpNorm<Eigen::Infinity>(), 1e-12);

  Vector q = Vector::Zero(n);
  q[n - 1] = -1.0;  // n - 1 zero entries: every pivot after the first is degenerate
  const LcpProblem zeros(M, q);
  const SolverResult degenerate = LemkeSolver().solve(zeros, tight_options());
  ASSERT_EQ(degenerate.status, Status::converged);
  EXPECT_TRUE(IsLcpSolution(zeros, degenerate.z, 1e-10));
}

// M = [[1,-1],[-1,1]] is PSD, hence copositive-plus, so the secondary ray proves that
// w1 + w2 = -2 < 0 leaves no solution.
TEST(Lemke, SecondaryRayIsReportedAsInfeasible) {
  DenseMatrix M(2, 2);
  M << 1.0, -1.0, -1.0, 1.0;
  const SolverResult psd = LemkeSolver().solve(LcpProblem(M, Vector{{-1.0, -1.0}}), tight_options());
  EXPECT_EQ(psd.status, Status::infeasible);

  const LcpProblem negative(DenseMatrix(-DenseMatrix::Identity(3, 3)), -Vector::Ones(3));
  EXPECT_EQ(LemkeSolver().solve(negative, tight_options()).status, Status::infeasible);
}

TEST(Lemke, StopsAtThePivotCap) {
  const erleben::GeneratedLcp generated = erleben::make_pd_lcp(20, 5);
  SolverOptions options = tight_options();
  options.max_iterations = 1;
  const SolverResult capped = LemkeSolver().solve(generated.problem, options);
  EXPECT_EQ(capped.status, Status::max_iterations);
  EXPECT_EQ(capped.iterations, 1);
  EXPECT_GT(capped.residual, options.tolerance);
}

TEST(Lemke, NonFiniteDataIsANumericalFailure) {
  const LcpProblem problem(DenseMatrix(DenseMatrix::Identity(2, 2)),
                           Vector{{-1.0, std::numeric_limits<double>::quiet_NaN()}});
  EXPECT_EQ(LemkeSolver().solve(problem, tight_options()).status, Status::numerical_failure);
}

TEST(Lemke, HistoryTracksTheArtificialVariableDownToZero) {
  const erleben::GeneratedLcp generated = erleben::make_pd_lcp(30, 9);
  const SolverResult result = LemkeSolver().solve(generated.problem, tight_options());
  ASSERT_EQ(result.status, Status::converged);
  ASSERT_EQ(static_cast<int>(result.merit_history.size()), result.iterations);
  EXPECT_EQ(result.merit_history.back(), 0.0);
  for (const double z0 : result.merit_history) EXPECT_GE(z0, 0.0);

  SolverOptions quiet = tight_options();
  quiet.record_history = false;
  EXPECT_TRUE(LemkeSolver().solve(generated.problem, quiet).merit_history.empty());
}

// w = c M z + c q has the same solutions for every c > 0; the tolerances inside the method are
// relative, so the pivot sequence and the solution must not depend on c.
TEST(Lemke, SolutionDoesNotDependOnTheScaleOfTheProblem) {
  std::mt19937_64 random(21);
  const DenseMatrix M = nonsymmetric_positive_definite(15, random);
  const Vector q = gaussian_matrix(15, 1, random);
  const SolverResult reference = LemkeSolver().solve(LcpProblem(M, q), tight_options());
  ASSERT_EQ(reference.status, Status::converged);
  for (const double scale : {1e-8, 1e8}) {
    const LcpProblem scaled(DenseMatrix(scale * M), Vector(scale * q));
    const SolverResult result = LemkeSolver().solve(scaled, tight_options(1e-10 * scale));
    ASSERT_EQ(result.status, Status::converged) << "scale " << scale;
    EXPECT_EQ(result.iterations, reference.iterations) << "scale " << scale;
    EXPECT_LE((result.z - reference.z).lpNorm<Eigen::Infinity>(), 1e-9 * reference.z.lpNorm<Eigen::Infinity>());
  }
}

TEST(Lemke, SparseInputGivesTheSameSolution) {
  const erleben::GeneratedLcp generated = erleben::make_fluid_lcp(3, 4);  // sparse, N = 27
  const LcpProblem dense(DenseMatrix(generated.problem.dense()), generated.problem.q());
  const SolverResult from_sparse = make_lemke_solver()->solve(generated.problem, tight_options());
  const SolverResult from_dense = make_lemke_solver()->solve(dense, tight_options());
  ASSERT_EQ(from_sparse.status, Status::converged);
  EXPECT_EQ(from_sparse.z, from_dense.z);
  EXPECT_LE((from_sparse.z - generated.solution).lpNorm<Eigen::Infinity>(), 1e-10);
}

TEST(Lemke, DescribesItself) {
  const auto solver = make_lemke_solver();
  EXPECT_EQ(solver->name(), "lemke");
  EXPECT_EQ(solver->family(), SolverFamily::pivoting);
}

}  // namespace
}  // namespace relcp::lcp
