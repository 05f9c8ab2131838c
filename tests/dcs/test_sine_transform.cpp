// The orthonormal DST-I (sine_transform.hpp): the explicit sine matrix, self-inverse,
// diagonalizes the Dirichlet second difference, 2-D is the Kronecker product, thread-safe apply.

#include <gtest/gtest.h>

#include <cmath>
#include <numbers>
#include <random>
#include <vector>

#include "dcs/laplace/sine_transform.hpp"
#include "dcs/types.hpp"

namespace relcp::dcs {
namespace {

DenseMatrix sine_matrix(int n) {
  DenseMatrix S(n, n);
  for (int i = 0; i < n; ++i) {
    for (int k = 0; k < n; ++k)
      S(i, k) = std::sqrt(2.0 / (n + 1)) * std::sin(std::numbers::pi * (i + 1) * (k + 1) / (n + 1));
  }
  return S;
}

Vector random_vector(Eigen::Index n, unsigned seed) {
  std::mt19937 generator(seed);
  std::normal_distribution<double> normal;
  Vector v(n);
  for (Eigen::Index i = 0; i < n; ++i) v[i] = normal(generator);
  return v;
}

TEST(SineTransform, OneDimensionalIsTheOrthonormalSineMatrix) {
  for (const int n : {1, 2, 7, 39}) {
    const SineTransform transform(n);
    const Vector x = random_vector(n, static_cast<unsigned>(n));
    Vector y(n);
    transform.apply(x.data(), y.data());
    EXPECT_LT((y - sine_matrix(n) * x).cwiseAbs().maxCoeff(), 1e-13) << "n = " << n;
    Vector back(n);
    transform.apply(y.data(), back.data());
    EXPECT_LT((back - x).cwiseAbs().maxCoeff(), 1e-13);  // S is its own inverse
    Vector in_place = x;
    transform.apply_in_place(in_place.data());
    EXPECT_LT((in_place - y).cwiseAbs().maxCoeff(), 1e-15);
  }
}

TEST(SineTransform, DiagonalizesTheDirichletSecondDifference) {
  const int n = 15;
  DenseMatrix T = DenseMatrix::Zero(n, n);
  for (int i = 0; i < n; ++i) {
    T(i, i) = -2.0;
    if (i > 0) T(i, i - 1) = 1.0;
    if (i + 1 < n) T(i, i + 1) = 1.0;
  }
  const DenseMatrix S = sine_matrix(n);
  const DenseMatrix D = S * T * S;
  for (int k = 0; k < n; ++k) {
    EXPECT_NEAR(D(k, k), SineTransform::second_difference_eigenvalue(n, k), 1e-13);
    EXPECT_LT(D.row(k).cwiseAbs().sum() - std::abs(D(k, k)), 1e-12);
  }
}

TEST(SineTransform, TwoDimensionalIsTheKroneckerProductOnRowMajorArrays) {
  const int rows = 5, cols = 8;
  const SineTransform transform(rows, cols);
  const Vector x = random_vector(rows * cols, 9);
  Vector y(rows * cols);
  transform.apply(x.data(), y.data());
  // Row-major rows x cols array = column-major cols x rows matrix X; the transform is S_c X S_r.
  const Eigen::Map<const DenseMatrix> X(x.data(), cols, rows);
  const DenseMatrix expected = sine_matrix(cols) * X * sine_matrix(rows);
  EXPECT_LT((Eigen::Map<const DenseMatrix>(y.data(), cols, rows) - expected).cwiseAbs().maxCoeff(), 1e-13);
}

TEST(SineTransform, ConcurrentAppliesGiveTheSerialResult) {
  const SineTransform transform(24, 24);
  const int count = 64;
  DenseMatrix inputs(24 * 24, count), serial(24 * 24, count), parallel(24 * 24, count);
  for (int c = 0; c < count; ++c) inputs.col(c) = random_vector(24 * 24, static_cast<unsigned>(c));
  for (int c = 0; c < count; ++c) transform.apply(inputs.col(c).data(), serial.col(c).data());
#pragma omp parallel for num_threads(4)
  for (int c = 0; c < count; ++c) transform.apply(inputs.col(c).data(), parallel.col(c).data());
  EXPECT_EQ(serial, parallel);
}

TEST(SineTransform, RejectsEmptySizes) { EXPECT_ANY_THROW(SineTransform(0)); }

}  // namespace
}  // namespace relcp::dcs
