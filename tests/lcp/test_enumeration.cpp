// Direct enumeration: every solution of small LCPs, the least-norm choice, degenerate and
// infeasible problems, the size limit.

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <vector>

#include "core/error.hpp"
#include "lcp/pivoting/enumeration.hpp"
#include "lcp/pivoting/lemke.hpp"
#include "lcp/solver_factories.hpp"
#include "support/lcp_checks.hpp"

namespace relcp::lcp {
namespace {

using testing::IsLcpSolution;

constexpr double kTol = 1e-10;

SolverOptions tight_options() {
  SolverOptions options;
  options.tolerance = kTol;
  return options;
}

bool contains(const std::vector<Vector>& solutions, const Vector& z) {
  return std::any_of(solutions.begin(), solutions.end(),
                     [&](const Vector& s) { return (s - z).lpNorm<Eigen::Infinity>() <= 1e-12; });
}

// w = -z + 1: each z_i is 0 or 1 independently, so there are exactly 2^n solutions.
TEST(Enumeration, FindsAllSolutionsOfANegativeIdentityProblem) {
  const Index n = 4;
  const LcpProblem problem(DenseMatrix(-DenseMatrix::Identity(n, n)), Vector::Ones(n));
  const std::vector<Vector> solutions = enumerate_lcp_solutions(problem, kTol);
  ASSERT_EQ(solutions.size(), 16u);
  for (unsigned mask = 0; mask < 16u; ++mask) {
    Vector z(n);
    for (Index i = 0; i < n; ++i) z[i] = (mask >> i) & 1u ? 1.0 : 0.0;
    EXPECT_TRUE(contains(solutions, z)) << "mask " << mask;
  }
  for (const Vector& z : solutions) EXPECT_TRUE(IsLcpSolution(problem, z, kTol));

  const SolverResult result = EnumerationSolver().solve(problem, tight_options());
  EXPECT_EQ(result.status, Status::converged);
  EXPECT_EQ(result.z, Vector::Zero(n));  // the least-norm solution
  EXPECT_EQ(result.iterations, 16);
}

// A P-matrix LCP has exactly one solution, the one Lemke finds.
TEST(Enumeration, FindsTheUniqueSolutionOfPMatrixProblems) {
  std::mt19937_64 random(8);
  std::normal_distribution<double> normal;
  for (int instance = 0; instance < 20; ++instance) {
    const Index n = 1 + instance % 7;
    DenseMatrix R(n, n), S(n, n);
    Vector q(n);
    for (Index j = 0; j < n; ++j) {
      q[j] = normal(random);
      for (Index i = 0; i < n; ++i) {
        R(i, j) = normal(random);
        S(i, j) = normal(random);
      }
    }
    const LcpProblem problem(DenseMatrix(R * R.transpose() + 0.1 * DenseMatrix::Identity(n, n) + S - S.transpose()), q);
    const std::vector<Vector> solutions = enumerate_lcp_solutions(problem, kTol);
    ASSERT_EQ(solutions.size(), 1u) << "instance " << instance;
    const SolverResult lemke = LemkeSolver().solve(problem, tight_options());
    ASSERT_EQ(lemke.status, Status::converged);
    EXPECT_LE((solutions[0] - lemke.z).lpNorm<Eigen::Infinity>(), 1e-10) << "instance " << instance;
  }
}

// M = [[1,1],[1,1]], q = (-1,-1): every z >= 0 with z1 + z2 = 1 solves (a segment). The
// vertices come from the regular index sets, and the singular set {1,2} contributes the
// minimum-norm point of the segment, which solve() returns.
TEST(Enumeration, RepresentsAContinuumByVerticesAndTheMinimumNormPoint) {
  const LcpProblem problem(DenseMatrix(DenseMatrix::Ones(2, 2)), Vector{{-1.0, -1.0}});
  const std::vector<Vector> solutions = enumerate_lcp_solutions(problem, kTol);
  ASSERT_EQ(solutions.size(), 3u);
  EXPECT_TRUE(contains(solutions, Vector{{1.0, 0.0}}));
  EXPECT_TRUE(contains(solutions, Vector{{0.0, 1.0}}));
  EXPECT_TRUE(contains(solutions, Vector{{0.5, 0.5}}));
  const SolverResult result = EnumerationSolver().solve(problem, tight_options());
  ASSERT_EQ(result.status, Status::converged);
  EXPECT_LE((result.z - Vector{{0.5, 0.5}}).lpNorm<Eigen::Infinity>(), 1e-12);
}

// A4 in two dimensions: M = 0, q = 0; the whole orthant solves and 0 stands for it.
TEST(Enumeration, ZeroProblemGivesTheOrigin) {
  const LcpProblem problem(DenseMatrix(DenseMatrix::Zero(2, 2)), Vector::Zero(2));
  const std::vector<Vector> solutions = enumerate_lcp_solutions(problem, kTol);
  ASSERT_EQ(solutions.size(), 1u);
  EXPECT_EQ(solutions[0], Vector::Zero(2));
}

// A singular but inconsistent index set must not produce a false solution.
TEST(Enumeration, InconsistentSingularSetsAreRejected) {
  DenseMatrix M(2, 2);
  M << 1.0, -1.0, -1.0, 1.0;
  const LcpProblem problem(M, Vector{{-1.0, -1.0}});  // w1 + w2 = -2: infeasible
  EXPECT_TRUE(enumerate_lcp_solutions(problem, kTol).empty());
  const SolverResult result = EnumerationSolver().solve(problem, tight_options());
  EXPECT_EQ(result.status, Status::infeasible);
}

TEST(Enumeration, RefusesMoreThanTwentyUnknowns) {
  const Index n = kMaxEnumerationSize + 1;
  const LcpProblem problem(DenseMatrix(DenseMatrix::Identity(n, n)), -Vector::Ones(n));
  EXPECT_EQ(EnumerationSolver().solve(problem, tight_options()).status, Status::unsupported);
  EXPECT_THROW(enumerate_lcp_solutions(problem, kTol), InputError);
}

TEST(Enumeration, DescribesItself) {
  const auto solver = make_enumeration_solver();
  EXPECT_EQ(solver->name(), "enum");
  EXPECT_EQ(solver->family(), SolverFamily::enumeration);
}

}  // namespace
}  // namespace relcp::lcp
