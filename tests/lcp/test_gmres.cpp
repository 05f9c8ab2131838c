// The restarted, right-preconditioned GMRES used by the Newton methods for large systems.

#include <gtest/gtest.h>

#include <random>

#include "lcp/newton/gmres.hpp"
#include "support/random_matrices.hpp"

namespace relcp::lcp {
namespace {

LinearOperator as_operator(const DenseMatrix& K) {
  return [&K](const Vector& v, Vector& out) { out.noalias() = K * v; };
}

TEST(Gmres, SolvesNonsymmetricSystemsToTheAbsoluteTolerance) {
  std::mt19937_64 random(1);
  const DenseMatrix K = testing::random_nonsymmetric_p_matrix(120, random);
  const Vector rhs = testing::random_uniform_matrix(120, 1, random);
  GmresSolver gmres;
  for (const int restart : {5, 30, 200}) {
    GmresSettings settings;
    settings.restart = restart;
    settings.max_iterations = 2000;
    settings.absolute_tolerance = 1e-10 * rhs.norm();
    Vector x = Vector::Zero(120);
    const GmresReport report = gmres.solve(as_operator(K), rhs, Vector(), settings, x);
    EXPECT_TRUE(report.converged) << "restart " << restart;
    EXPECT_LE((rhs - K * x).norm(), settings.absolute_tolerance * (1.0 + 1e-6));
    EXPECT_NEAR(report.residual_norm, (rhs - K * x).norm(), 1e-12 * rhs.norm());
    EXPECT_GT(report.iterations, 0);
  }
}

TEST(Gmres, JacobiPreconditioningHelpsABadlyScaledSystem) {
  std::mt19937_64 random(2);
  const Index n = 200;
  DenseMatrix K = testing::random_uniform_matrix(n, n, random) * 0.1;
  Vector scales(n);
  for (Index i = 0; i < n; ++i) scales[i] = std::pow(10.0, 4.0 * i / n);
  K.diagonal() += Vector::Ones(n);
  K = K * scales.asDiagonal();  // columns scaled over four decades
  const Vector rhs = testing::random_uniform_matrix(n, 1, random);
  GmresSettings settings;
  settings.restart = 20;
  settings.max_iterations = 400;
  settings.absolute_tolerance = 1e-8 * rhs.norm();
  GmresSolver gmres;
  Vector plain = Vector::Zero(n);
  Vector preconditioned = Vector::Zero(n);
  const GmresReport without = gmres.solve(as_operator(K), rhs, Vector(), settings, plain);
  const GmresReport with = gmres.solve(as_operator(K), rhs, K.diagonal().cwiseInverse(), settings, preconditioned);
  EXPECT_TRUE(with.converged);
  EXPECT_LE((rhs - K * preconditioned).norm(), settings.absolute_tolerance * (1.0 + 1e-6));
  EXPECT_LT(with.iterations, without.iterations);
}

TEST(Gmres, ReportsFailureHonestlyOnAnInconsistentSingularSystem) {
  DenseMatrix K = DenseMatrix::Zero(3, 3);
  K(0, 0) = 1.0;
  K(1, 1) = 2.0;  // row and column 2 are zero
  const Vector rhs = Vector::Ones(3);
  GmresSettings settings;
  settings.absolute_tolerance = 1e-10;
  Vector x = Vector::Zero(3);
  const GmresReport report = GmresSolver().solve(as_operator(K), rhs, Vector(), settings, x);
  EXPECT_FALSE(report.converged);
  EXPECT_TRUE(x.allFinite());
  EXPECT_GE(report.residual_norm, 1.0 - 1e-12);  // never below the least-squares residual
  EXPECT_LE(report.residual_norm, rhs.norm());
  EXPECT_NEAR(report.residual_norm, (rhs - K * x).norm(), 1e-12);
}

TEST(Gmres, AnExactStartNeedsNoIteration) {
  const DenseMatrix K = DenseMatrix::Identity(4, 4) * 3.0;
  const Vector rhs = Vector::Constant(4, 6.0);
  Vector x = Vector::Constant(4, 2.0);
  GmresSettings settings;
  settings.absolute_tolerance = 1e-12;
  const GmresReport report = GmresSolver().solve(as_operator(K), rhs, Vector(), settings, x);
  EXPECT_TRUE(report.converged);
  EXPECT_EQ(report.iterations, 0);
}

}  // namespace
}  // namespace relcp::lcp
