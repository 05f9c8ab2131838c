// The three selections of LCP(q, M): least element (Z), least norm (PSD), unique (P).

#include <gtest/gtest.h>

#include <random>

#include "core/error.hpp"
#include "dcs/batched/lcp_selection.hpp"
#include "dcs/problems/dlcp_matrix_properties.hpp"
#include "lcp/pivoting/enumeration.hpp"
#include "lcp/problem.hpp"

namespace relcp::dcs {
namespace {

double natural_residual(const DenseMatrix& M, const Vector& q, const Vector& y) {
  return y.cwiseMin(M * y + q).lpNorm<Eigen::Infinity>();
}

DenseMatrix random_z_matrix(std::mt19937& random, int n) {
  std::uniform_real_distribution<double> off(-1.0, 0.0), diagonal(-0.5, 3.0);
  DenseMatrix M(n, n);
  for (int i = 0; i < n; ++i) {
    for (int j = 0; j < n; ++j) M(i, j) = i == j ? diagonal(random) : (random() % 3 == 0 ? 0.0 : off(random));
  }
  return M;
}

Vector random_vector(std::mt19937& random, int n, double low, double high) {
  std::uniform_real_distribution<double> entry(low, high);
  Vector v(n);
  for (int i = 0; i < n; ++i) v[i] = entry(random);
  return v;
}

TEST(LcpSelection, NamesRoundTripAndUnknownNamesAreInputErrors) {
  for (const std::string& name : lcp_selection_names()) EXPECT_EQ(to_string(parse_lcp_selection(name)), name);
  EXPECT_THROW(parse_lcp_selection("smallest"), InputError);
}

TEST(LcpSelection, LeastElementIsBelowEverySolutionAndFeasiblePointOfAZMatrixLcp) {
  std::mt19937 random(7);
  int feasible = 0, infeasible = 0;
  for (int trial = 0; trial < 300; ++trial) {
    const int n = 2 + trial % 5;
    const DenseMatrix M = random_z_matrix(random, n);
    const Vector q = random_vector(random, n, -2.0, 1.0);
    const LcpSelectionSolver solver(M, LcpSelection::least_element, 1e-10);
    Vector y;
    const LcpOutcome outcome = solver.solve(q, y);
    const auto solutions = lcp::enumerate_lcp_solutions(lcp::LcpProblem(M, q), 1e-9);
    if (outcome.status == lcp::Status::infeasible) {
      ++infeasible;
      EXPECT_TRUE(solutions.empty()) << "certified infeasible, but enumeration found a solution\n" << M;
      continue;
    }
    ASSERT_EQ(outcome.status, lcp::Status::converged);
    ++feasible;
    EXPECT_LE(natural_residual(M, q, y), 1e-9);
    EXPECT_GE(y.minCoeff(), 0.0);
    for (const Vector& z : solutions) EXPECT_LE((y - z).maxCoeff(), 1e-8) << "not below a solution";
    for (int sample = 0; sample < 50; ++sample) {  // feasible points found by sampling
      const Vector v = random_vector(random, n, 0.0, 3.0);
      if ((M * v + q).minCoeff() >= 0.0) {
        EXPECT_LE((y - v).maxCoeff(), 1e-9) << "not below a feasible point";
      }
    }
  }
  EXPECT_GT(feasible, 50);  // both outcomes were exercised
  EXPECT_GT(infeasible, 20);
}

TEST(LcpSelection, LeastElementCertifiesTheZeroRowInfeasibilityOfTheWuChenM) {
  DenseMatrix M(2, 2);
  M << 1.0, -1.0, -0.5, 0.0;  // row 2 is <= 0: w_2 <= q_2 for every y >= 0
  const LcpSelectionSolver solver(M, LcpSelection::least_element, 1e-12);
  Vector y;
  EXPECT_EQ(solver.solve(Vector{{1.0, -0.1}}, y).status, lcp::Status::infeasible);
  EXPECT_EQ(solver.solve(Vector{{-1.0, 2.0}}, y).status, lcp::Status::converged);
  EXPECT_NEAR(y[0], 1.0, 1e-14);
}

TEST(LcpSelection, LeastNormPicksTheMidpointOfASolutionSegment) {
  DenseMatrix M(2, 2);
  M << 1.0, 1.0, 1.0, 1.0;  // PSD, rank 1: SOL(q = (-1, -1)) = {y >= 0, y1 + y2 = 1}
  const LcpSelectionSolver solver(M, LcpSelection::least_norm, 1e-10);
  Vector y;
  ASSERT_EQ(solver.solve(Vector{{-1.0, -1.0}}, y).status, lcp::Status::converged);
  EXPECT_NEAR(y[0], 0.5, 1e-10);
  EXPECT_NEAR(y[1], 0.5, 1e-10);
}

TEST(LcpSelection, LeastNormOnTheSkewRectifierMatrix) {
  DenseMatrix M(4, 4);
  M << 0, -1, 0, 0, 1, 0, 1, -1, 0, -1, 0, 0, 0, 1, 0, 0;
  const Vector N{{1.0, 0.0, 1.0, 0.0}};
  const LcpSelectionSolver solver(M, LcpSelection::least_norm, 1e-10);
  Vector y;
  ASSERT_EQ(solver.solve(0.7 * N, y).status, lcp::Status::converged);  // x >= 0: y = 0
  EXPECT_LE(y.norm(), 1e-12);
  EXPECT_EQ(solver.solve(-0.3 * N, y).status, lcp::Status::infeasible);  // x < 0: no solution
}

TEST(LcpSelection, LeastNormIsNoLongerThanAnySolutionOfARandomMonotoneLcp) {
  std::mt19937 random(11);
  int solved = 0;
  for (int trial = 0; trial < 100; ++trial) {
    const int n = 3 + trial % 4;
    DenseMatrix L = DenseMatrix::Zero(n, n);
    for (int k = 0; k < n / 2; ++k) L.col(k) = random_vector(random, n, -1.0, 1.0);  // rank-deficient
    const DenseMatrix skew = [&] {
      DenseMatrix S = DenseMatrix::Zero(n, n);
      for (int i = 0; i < n; ++i) {
        for (int j = i + 1; j < n; ++j) S(i, j) = random_vector(random, 1, -1.0, 1.0)[0], S(j, i) = -S(i, j);
      }
      return S;
    }();
    const DenseMatrix M = L * L.transpose() + (trial % 2 ? skew : DenseMatrix::Zero(n, n));
    ASSERT_TRUE(is_positive_semidefinite(M));
    // Half of the problems are solvable by construction: q = w0 - M z0 with z0 perp w0.
    Vector q = random_vector(random, n, -1.0, 1.0);
    if (trial % 4 < 2) {
      const Vector z0 = random_vector(random, n, -1.0, 1.0).cwiseMax(0.0);
      const Vector w0 = (z0.array() > 0.0).select(0.0, random_vector(random, n, 0.0, 1.0));
      q = w0 - M * z0;
    }
    const LcpSelectionSolver solver(M, LcpSelection::least_norm, 1e-9);
    Vector y;
    const LcpOutcome outcome = solver.solve(q, y);
    const auto solutions = lcp::enumerate_lcp_solutions(lcp::LcpProblem(M, q), 1e-9);
    if (outcome.status != lcp::Status::converged) {
      EXPECT_EQ(outcome.status, lcp::Status::infeasible);
      EXPECT_TRUE(solutions.empty());
      continue;
    }
    ++solved;
    EXPECT_LE(natural_residual(M, q, y), 1e-9 * std::max(1.0, y.lpNorm<Eigen::Infinity>()));
    for (const Vector& z : solutions) EXPECT_LE(y.norm(), z.norm() + 1e-8);
  }
  EXPECT_GE(solved, 50);
}

TEST(LcpSelection, UniqueSolutionOfAPMatrixLcpDoesNotDependOnTheWarmStart) {
  std::mt19937 random(3);
  for (int trial = 0; trial < 200; ++trial) {
    const int n = 2 + trial % 7;
    DenseMatrix R(n, n);
    for (int i = 0; i < n; ++i) R.col(i) = random_vector(random, n, -1.0, 1.0);
    const DenseMatrix M = R * R.transpose() + 0.1 * DenseMatrix::Identity(n, n) + (R - R.transpose());
    ASSERT_EQ(is_p_matrix(M), true);
    const Vector q = random_vector(random, n, -2.0, 2.0);
    const LcpSelectionSolver solver(M, LcpSelection::unique, 1e-11);
    Vector cold, warm = random_vector(random, n, -1.0, 1.0);
    ASSERT_EQ(solver.solve(q, cold).status, lcp::Status::converged);
    ASSERT_EQ(solver.solve(q, warm).status, lcp::Status::converged);
    const auto solutions = lcp::enumerate_lcp_solutions(lcp::LcpProblem(M, q), 1e-9);
    ASSERT_EQ(solutions.size(), 1U);
    EXPECT_LE((cold - solutions[0]).lpNorm<Eigen::Infinity>(), 1e-9);
    EXPECT_LE((warm - solutions[0]).lpNorm<Eigen::Infinity>(), 1e-9);
  }
}

TEST(LcpSelection, OnAnMMatrixAllThreeSelectionsAgree) {
  const int n = 9;
  DenseMatrix M = 4.0 * DenseMatrix::Identity(n, n);
  for (int i = 0; i + 1 < n; ++i) M(i, i + 1) = M(i + 1, i) = -1.0;
  std::mt19937 random(5);
  for (int trial = 0; trial < 20; ++trial) {
    const Vector q = random_vector(random, n, -3.0, 2.0);
    Vector a, b, c;
    ASSERT_EQ(LcpSelectionSolver(M, LcpSelection::unique, 1e-12).solve(q, a).status, lcp::Status::converged);
    ASSERT_EQ(LcpSelectionSolver(M, LcpSelection::least_norm, 1e-10).solve(q, b).status, lcp::Status::converged);
    ASSERT_EQ(LcpSelectionSolver(M, LcpSelection::least_element, 1e-12).solve(q, c).status, lcp::Status::converged);
    EXPECT_LE((a - c).lpNorm<Eigen::Infinity>(), 1e-12);
    EXPECT_LE((b - c).lpNorm<Eigen::Infinity>(), 1e-9);
  }
}

TEST(LcpSelection, SelectionAppliesFollowsTheMatrixClass) {
  DenseMatrix Z(2, 2);
  Z << 1.0, -2.0, -2.0, 1.0;  // Z, not P, not PSD
  EXPECT_EQ(selection_applies(Z, LcpSelection::least_element), true);
  EXPECT_EQ(selection_applies(Z, LcpSelection::unique), false);
  EXPECT_EQ(selection_applies(Z, LcpSelection::least_norm), false);
}

}  // namespace
}  // namespace relcp::dcs
