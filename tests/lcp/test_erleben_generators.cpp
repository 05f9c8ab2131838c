#include <gtest/gtest.h>

#include <Eigen/Eigenvalues>
#include <cmath>

#include "lcp/problems/erleben_generators.hpp"
#include "support/lcp_checks.hpp"

namespace relcp::lcp::erleben {
namespace {

Vector sorted_eigenvalues(const DenseMatrix& symmetric) {
  return Eigen::SelfAdjointEigenSolver<DenseMatrix>(symmetric, Eigen::EigenvaluesOnly).eigenvalues();
}

TEST(ErlebenGenerators, UniformOpenIsInOpenUnitIntervalAndSeeded) {
  Random a(42), b(42);
  double sum = 0.0;
  for (int i = 0; i < 10000; ++i) {
    const double u = uniform_open(a);
    ASSERT_GT(u, 0.0);
    ASSERT_LT(u, 1.0);
    ASSERT_EQ(u, uniform_open(b));
    sum += u;
  }
  EXPECT_NEAR(sum / 10000.0, 0.5, 0.02);
}

TEST(ErlebenGenerators, SparseSmallestEigenvalueMatchesDense) {
  Random random(5);
  SparseMatrix A = make_banded_matrix(3, 150, random);
  const double dense = smallest_eigenvalue(DenseMatrix(A));
  EXPECT_NEAR(smallest_eigenvalue(A), dense, 1e-10);
  // Also on an indefinite matrix (the state before the shift).
  for (Index i = 0; i < A.rows(); ++i) A.coeffRef(i, i) -= 3.0;
  EXPECT_NEAR(smallest_eigenvalue(A), dense - 3.0, 1e-10);
}

TEST(ErlebenGenerators, BandedMatrixHasConstantBandsAndIsShiftedLikeMatlab) {
  for (std::uint64_t seed = 1; seed <= 5; ++seed) {
    Random random(seed);
    const DenseMatrix A(make_banded_matrix(3, 80, random));
    EXPECT_TRUE(A.isApprox(A.transpose(), 0.0));
    for (Index i = 0; i < A.rows(); ++i) {
      for (Index j = 0; j < A.cols(); ++j) {
        const Index offset = std::abs(i - j);
        if (offset > 3) {
          ASSERT_EQ(A(i, j), 0.0);
        } else if (offset > 0) {
          ASSERT_EQ(A(i, j), A(offset, 0)) << "band " << offset << " not constant";
          ASSERT_LT(A(i, j), 0.0);
          ASSERT_GT(A(i, j), -1.0);
        } else {
          ASSERT_EQ(A(i, i), A(0, 0));
        }
      }
    }
    // Matlab's min(D(:)) sees the zeros of the diagonal matrix D, so the shift always happens:
    // lambda_min becomes 0.5 when it was <= 0, otherwise the diagonal becomes exactly 1.5.
    const double lambda_min = smallest_eigenvalue(A);
    EXPECT_GE(lambda_min, 0.5 - 1e-10);
    EXPECT_TRUE(std::abs(lambda_min - 0.5) < 1e-10 || std::abs(A(0, 0) - 1.5) < 1e-14) << "seed " << seed;
  }
}

TEST(ErlebenGenerators, FluidMatrixSizeAndSparsity) {
  Random random(3);
  const SparseMatrix A = make_fluid_matrix(6, random);
  EXPECT_EQ(A.rows(), 216);
  EXPECT_EQ(A.nonZeros(), 7 * 216 - 12);  // main diagonal plus 2 (N - b) for b = 1, 2, 3
}

TEST(ErlebenGenerators, BlockedMatrixKeepsWholeBlocksAndIsPositiveDefinite) {
  Random random(11);
  constexpr int kBlock = 5, kBlocks = 30;
  const DenseMatrix A = make_blocked_matrix(kBlock, kBlocks, 0.5, random);
  EXPECT_TRUE(A.isApprox(A.transpose(), 0.0));
  EXPECT_NEAR(smallest_eigenvalue(A), 0.5, 1e-9);
  int kept = 0, off_diagonal = 0;
  for (int i = 0; i < kBlocks; ++i) {
    for (int j = 0; j < kBlocks; ++j) {
      if (i == j) continue;
      const auto block = A.block(i * kBlock, j * kBlock, kBlock, kBlock);
      const auto zeros = (block.array() == 0.0).count();
      ASSERT_TRUE(zeros == 0 || zeros == kBlock * kBlock) << "block " << i << "," << j;
      kept += zeros == 0;
      ++off_diagonal;
    }
  }
  // A block survives when the mean of two uniforms is <= F = 0.5: half of them on average.
  EXPECT_NEAR(static_cast<double>(kept) / off_diagonal, 0.5, 0.1);
}

TEST(ErlebenGenerators, ContactMatrixHasStewartTrinklePattern) {
  constexpr int K = 30;
  Random random(2013);
  const DenseMatrix A = make_contact_matrix(K, random);
  ASSERT_EQ(A.rows(), 6 * K);
  EXPECT_EQ((A.diagonal().array() == 0.0).count(), K);  // exactly the slack rows
  for (int bi = 0; bi < K; ++bi) {
    EXPECT_EQ(A(6 * bi + 5, 6 * bi + 5), 0.0);
    for (int bj = 0; bj < K; ++bj) {
      const Index i = 6 * bi, j = 6 * bj;
      if (A(i, j) == 0.0) {
        EXPECT_TRUE(A.block(i, j, 6, 6).isZero(0.0));
        continue;
      }
      EXPECT_EQ(A(i + 5, j), 0.5);
      EXPECT_EQ(A(i, j + 5), 0.0);
      EXPECT_TRUE((A.block(i + 5, j + 1, 1, 4).array() == -1.0).all());
      EXPECT_TRUE((A.block(i + 1, j + 5, 4, 1).array() == 1.0).all());
    }
  }
  // The rows and columns without the slacks keep the symmetric PD part of the blocked matrix.
  std::vector<Index> kept;
  for (Index i = 0; i < A.rows(); ++i) {
    if (i % 6 != 5) kept.push_back(i);
  }
  const DenseMatrix B = A(kept, kept);
  EXPECT_TRUE(B.isApprox(B.transpose(), 0.0));
  EXPECT_GT(smallest_eigenvalue(B), 0.0);
  EXPECT_FALSE(A.isApprox(A.transpose()));
  const double fill = static_cast<double>((A.array() != 0.0).count()) / static_cast<double>(A.size());
  EXPECT_NEAR(fill, 0.47, 0.1);  // about 0.47 for K = 30 with Erleben's make_contact_matrix
}

TEST(ErlebenGenerators, PdMatrixHasLinearSpectrum) {
  Random random(9);
  constexpr Index N = 60;
  const DenseMatrix A = make_pd_matrix(N, random);
  EXPECT_TRUE(A.isApprox(A.transpose(), 0.0));
  const Vector lambda = sorted_eigenvalues(A);
  for (Index i = 0; i < N; ++i) EXPECT_NEAR(lambda[i], static_cast<double>(i + 1) / N, 1e-12);
}

TEST(ErlebenGenerators, PsdMatrixZeroesTheSmallestEigenvalues) {
  Random random(9);
  constexpr Index N = 50;
  const DenseMatrix A = make_psd_matrix(N, 0.4, random);
  const Vector lambda = sorted_eigenvalues(A);
  for (Index i = 0; i < 20; ++i) EXPECT_NEAR(lambda[i], 0.0, 1e-12);
  for (Index i = 20; i < N; ++i) EXPECT_NEAR(lambda[i], static_cast<double>(i + 1) / N, 1e-12);
}

TEST(ErlebenGenerators, CorrectedMakeLcpPlantsAStrictlyComplementarySolution) {
  const GeneratedLcp generated[] = {make_fluid_lcp(10, 1), make_contact_lcp(30, 1), make_pd_lcp(100, 1),
                                    make_psd_lcp(100, 0.5, 1)};
  for (const auto& [problem, x] : generated) {
    EXPECT_TRUE(testing::IsLcpSolution(problem, x, 1e-12));
    const Vector y = problem.w(x);
    const double zero_share = static_cast<double>((x.array() == 0.0).count()) / static_cast<double>(x.size());
    EXPECT_NEAR(zero_share, kZeroFraction, 0.1);
    for (Index i = 0; i < x.size(); ++i) {
      ASSERT_TRUE(x[i] > 0.0 || y[i] > 0.0) << "entry " << i << " is degenerate";
    }
  }
}

TEST(ErlebenGenerators, SeedsDetermineTheProblem) {
  const GeneratedLcp a = make_contact_lcp(4, 17), b = make_contact_lcp(4, 17), c = make_contact_lcp(4, 18);
  EXPECT_EQ(a.problem.dense(), b.problem.dense());
  EXPECT_EQ(a.problem.q(), b.problem.q());
  EXPECT_NE(a.problem.dense(), c.problem.dense());
  EXPECT_TRUE(make_fluid_lcp(4, 3).problem.is_sparse());
}

}  // namespace
}  // namespace relcp::lcp::erleben
