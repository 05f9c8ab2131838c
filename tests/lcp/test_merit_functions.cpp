// The complementarity functions behind the Newton methods: sign tables of min(x, y) and
// phi_FB (A6) and the Fischer-Burmeister Jacobian elements (A7) of docs/lcp.md, "Reference
// tests".

#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "lcp/newton/fischer_jacobian.hpp"
#include "lcp/residual.hpp"
#include "support/random_matrices.hpp"

namespace relcp::lcp {
namespace {

double phi(double a, double b) { return fischer_burmeister(Vector::Constant(1, a), Vector::Constant(1, b))[0]; }

double minimum_map(double a, double b) { return min_map(Vector::Constant(1, a), Vector::Constant(1, b))[0]; }

TEST(FischerBurmeister, A6TableValues) {
  for (const auto& evaluate : {phi, fischer_burmeister_value}) {
    EXPECT_EQ(evaluate(0.0, 0.0), 0.0);
    EXPECT_EQ(evaluate(1.0, 0.0), 0.0);
    EXPECT_EQ(evaluate(0.0, 3.0), 0.0);
    EXPECT_NEAR(evaluate(1.0, 1.0), std::sqrt(2.0) - 2.0, 1e-15);
    EXPECT_NEAR(evaluate(-1.0, 0.0), 2.0, 1e-15);
  }
}

// A6: phi(x, y) = 0 and min(x, y) = 0 exactly when x >= 0, y >= 0 and x y = 0; phi > 0 when
// x < 0 or y < 0 and phi < 0 when both are positive (Erleben's sign table).
TEST(ComplementarityFunctions, A6ZeroExactlyOnTheComplementarityAngle) {
  for (int i = -8; i <= 8; ++i) {
    for (int j = -8; j <= 8; ++j) {
      const double x = 0.5 * i;
      const double y = 0.5 * j;
      const bool complementary = x >= 0.0 && y >= 0.0 && x * y == 0.0;
      EXPECT_EQ(phi(x, y) == 0.0, complementary) << x << ", " << y;
      EXPECT_EQ(fischer_burmeister_value(x, y) == 0.0, complementary) << x << ", " << y;
      EXPECT_EQ(minimum_map(x, y) == 0.0, complementary) << x << ", " << y;
      if (x < 0.0 || y < 0.0) {
        EXPECT_GT(fischer_burmeister_value(x, y), 0.0);
      }
      if (x > 0.0 && y > 0.0) {
        EXPECT_LT(fischer_burmeister_value(x, y), 0.0);
      }
    }
  }
}

TEST(FischerBurmeister, StableFormAgreesAndKeepsDigitsNearTheAxes) {
  std::mt19937_64 random(3);
  std::uniform_real_distribution<double> uniform(-5.0, 5.0);
  for (int k = 0; k < 1000; ++k) {
    const double a = uniform(random);
    const double b = uniform(random);
    EXPECT_NEAR(fischer_burmeister_value(a, b), phi(a, b), 1e-13);
  }
  // phi(1, t) = -t + t^2/2 + O(t^3): the naive form loses every digit of t^2/2 here.
  const double t = 1e-9;
  const double series = -t + 0.5 * t * t;  // the O(t^4) remainder is far below round-off
  EXPECT_NEAR(fischer_burmeister_value(1.0, t), series, 1e-15 * t);
  EXPECT_GT(std::abs((std::sqrt(1.0 + t * t) - 1.0 - t) - series), 1e-3 * t * t);
}

// A7: away from the kink, row i of J = diag(p) + diag(q) M is the derivative of
// F_i(z) = phi(z_i, (Mz + q)_i): compare with central differences.
TEST(FischerJacobian, A7RowsMatchCentralDifferences) {
  std::mt19937_64 random(7);
  const Index n = 8;
  for (int trial = 0; trial < 20; ++trial) {
    const DenseMatrix M = testing::random_uniform_matrix(n, n, random) * 2.0;
    const Vector q = testing::random_uniform_matrix(n, 1, random);
    const Vector z = testing::random_uniform_matrix(n, 1, random);
    const Vector w = M * z + q;
    Vector p_diagonal, q_diagonal;
    for (const FischerJacobian strategy : {FischerJacobian::random, FischerJacobian::zero,
                                           FischerJacobian::perturbation, FischerJacobian::approximation}) {
      fischer_jacobian_diagonals(z, w, strategy, random, p_diagonal, q_diagonal);
      const DenseMatrix J = DenseMatrix(q_diagonal.asDiagonal() * M) + DenseMatrix(p_diagonal.asDiagonal());
      const double h = 1e-6;
      for (Index j = 0; j < n; ++j) {
        Vector forward = z, backward = z;
        forward[j] += h;
        backward[j] -= h;
        const Vector column =
            (fischer_burmeister(forward, M * forward + q) - fischer_burmeister(backward, M * backward + q)) / (2.0 * h);
        EXPECT_LT((column - J.col(j)).lpNorm<Eigen::Infinity>(), 1e-6) << "trial " << trial << ", column " << j;
      }
    }
  }
}

// A7 at the kink (z_i, w_i) = (0, 0): every strategy returns (p_i, q_i) = (a - 1, b - 1) with
// ||(a, b)|| <= 1, i.e. an element of the Clarke Jacobian.
TEST(FischerJacobian, A7KinkElementsLieInTheUnitDisk) {
  std::mt19937_64 random(9);
  const Vector zeros = Vector::Zero(50);
  Vector p, q;
  for (const FischerJacobian strategy : {FischerJacobian::random, FischerJacobian::zero, FischerJacobian::perturbation,
                                         FischerJacobian::approximation}) {
    fischer_jacobian_diagonals(zeros, zeros, strategy, random, p, q);
    for (Index i = 0; i < 50; ++i) {
      EXPECT_LE(std::hypot(p[i] + 1.0, q[i] + 1.0), 1.0 + 1e-15);
    }
  }
  fischer_jacobian_diagonals(zeros, zeros, FischerJacobian::zero, random, p, q);
  EXPECT_EQ(p, Vector::Constant(50, -1.0));
  EXPECT_EQ(q, Vector::Constant(50, -1.0));
  fischer_jacobian_diagonals(zeros, zeros, FischerJacobian::random, random, p, q);
  EXPECT_GT((p.array() != p[0]).count(), 0);  // random draws, not one fixed element
}

TEST(FischerJacobian, RandomStrategyIsReproducibleFromTheSeed) {
  const Vector zeros = Vector::Zero(10);
  Vector p1, q1, p2, q2;
  std::mt19937_64 first(42), second(42);
  fischer_jacobian_diagonals(zeros, zeros, FischerJacobian::random, first, p1, q1);
  fischer_jacobian_diagonals(zeros, zeros, FischerJacobian::random, second, p2, q2);
  EXPECT_EQ(p1, p2);
  EXPECT_EQ(q1, q2);
}

}  // namespace
}  // namespace relcp::lcp
