// Newton directions and the projected Armijo search shared by the min-map and Fischer-Newton
// methods: invariants B2 and B3 of docs/lcp.md, "Reference tests".

#include <gtest/gtest.h>

#include <random>

#include "lcp/newton/fischer_newton.hpp"
#include "lcp/newton/minmap_newton.hpp"
#include "lcp/newton/projected_line_search.hpp"
#include "lcp/problems/erleben_generators.hpp"
#include "support/random_matrices.hpp"

namespace relcp::lcp {
namespace {

constexpr InnerSolveSettings kExact{true, 0.0};

// A problem and an iterate z >= 0 (a quarter of its entries exactly 0) with w = Mz + q.
struct Iterate {
  LcpProblem problem;
  Vector z;
  Vector w;
};

Iterate random_iterate(const DenseMatrix& M, std::mt19937_64& random) {
  const Index n = M.rows();
  Vector q = testing::random_uniform_matrix(n, 1, random) * 3.0;
  Vector z = testing::random_uniform_matrix(n, 1, random).cwiseAbs();
  for (Index i = 0; i < n; i += 4) z[i] = 0.0;
  LcpProblem problem(M, q);
  Vector w = problem.w(z);
  return Iterate{std::move(problem), std::move(z), std::move(w)};
}

double minmap_merit(const LcpProblem& problem, const Vector& z) { return 0.5 * z.cwiseMin(problem.w(z)).squaredNorm(); }

// B2, exact solve: grad theta^T dz = H^T J dz = -H^T H = -2 theta for the min-map direction.
TEST(NewtonDirection, B2MinMapExactDirectionHasSlopeMinusTwoTheta) {
  std::mt19937_64 random(1);
  for (int trial = 0; trial < 10; ++trial) {
    const Iterate it = random_iterate(testing::random_spd_matrix(30, 0.5, random), random);
    MinMapLinearization linearization(it.problem, true);
    linearization.linearize(it.z, it.w);
    const Vector& H = linearization.map();
    const double theta = 0.5 * H.squaredNorm();
    Vector dz;
    linearization.solve(-H, dz, kExact);
    const double slope = linearization.merit_gradient().dot(dz);
    EXPECT_NEAR(slope, -2.0 * theta, 1e-10 * theta) << "trial " << trial;
    EXPECT_NEAR(H.dot(linearization.jacobian_product(dz)), slope, 1e-10 * theta);
    EXPECT_GT(linearization.active_count(), 0);
    EXPECT_LT(linearization.active_count(), 30);  // both row kinds take part
  }
}

TEST(NewtonDirection, B2FischerExactDirectionHasSlopeMinusTwoThetaForEveryStrategy) {
  std::mt19937_64 random(2);
  for (const bool symmetric : {true, false}) {
    const DenseMatrix M =
        symmetric ? testing::random_spd_matrix(30, 0.5, random) : testing::random_nonsymmetric_p_matrix(30, random);
    const Iterate it = random_iterate(M, random);
    for (const FischerJacobian strategy :
         {FischerJacobian::random, FischerJacobian::zero, FischerJacobian::perturbation}) {
      FischerLinearization linearization(it.problem, strategy, symmetric, 3);
      linearization.linearize(it.z, it.w);
      const Vector& F = linearization.map();
      const double theta = 0.5 * F.squaredNorm();
      Vector dz;
      linearization.solve(-F, dz, kExact);
      EXPECT_LT((linearization.jacobian_product(dz) + F).norm(), 1e-10 * F.norm());
      EXPECT_NEAR(linearization.merit_gradient().dot(dz), -2.0 * theta, 1e-9 * theta);
    }
    // The matrix-free strategy: GMRES on finite differences, so only approximately -2 theta.
    FischerLinearization approximation(it.problem, FischerJacobian::approximation, symmetric, 3);
    approximation.linearize(it.z, it.w);
    const Vector& F = approximation.map();
    Vector dz;
    approximation.solve(-F, dz, InnerSolveSettings{false, 1e-10 * F.norm()});
    const double theta = 0.5 * F.squaredNorm();
    EXPECT_NEAR(F.dot(approximation.jacobian_product(dz)), -2.0 * theta, 1e-5 * theta);
  }
}

// B2, inexact solve: any dz with ||J dz + H|| <= gamma ||H||, gamma = 0.5, is a descent
// direction; the bound gives slope <= -(1 - gamma) ||H||^2 = -theta.
TEST(NewtonDirection, B2InexactDirectionsWithHalfResidualAreDescent) {
  std::mt19937_64 random(4);
  const Iterate it = random_iterate(testing::random_nonsymmetric_p_matrix(40, random), random);
  MinMapLinearization minmap(it.problem, false);
  minmap.linearize(it.z, it.w);
  FischerLinearization fischer(it.problem, FischerJacobian::perturbation, false, 1);
  fischer.linearize(it.z, it.w);

  const auto check = [&](const Vector& map, const Vector& gradient, auto&& solve_with, auto&& product) {
    const double theta = 0.5 * map.squaredNorm();
    for (int k = 0; k < 50; ++k) {
      Vector residual = k == 0 ? Vector(map) : Vector(testing::random_uniform_matrix(40, 1, random));
      residual *= 0.5 * map.norm() / residual.norm();  // k = 0: r = H / 2, the worst case
      Vector dz;
      solve_with(Vector(-map + residual), dz);
      ASSERT_LT((product(dz) + map - residual).norm(), 1e-9 * map.norm());
      const double slope = gradient.dot(dz);
      EXPECT_LT(slope, 0.0);
      EXPECT_LE(slope, -theta * (1.0 - 1e-9));
    }
  };
  check(
      minmap.map(), minmap.merit_gradient(), [&](const Vector& rhs, Vector& dz) { minmap.solve(rhs, dz, kExact); },
      [&](const Vector& dz) { return minmap.jacobian_product(dz); });
  check(
      fischer.map(), fischer.merit_gradient(), [&](const Vector& rhs, Vector& dz) { fischer.solve(rhs, dz, kExact); },
      [&](const Vector& dz) { return fischer.jacobian_product(dz); });
}

// B2 through the iterative path: GMRES stopped at ||r|| <= 0.5 ||H|| gives descent.
TEST(NewtonDirection, B2GmresStoppedAtHalfResidualGivesDescent) {
  std::mt19937_64 random(6);
  const Iterate it = random_iterate(testing::random_nonsymmetric_p_matrix(80, random), random);
  MinMapLinearization minmap(it.problem, false);
  minmap.linearize(it.z, it.w);
  const Vector& H = minmap.map();
  Vector dz;
  const InnerSolveReport report = minmap.solve(-H, dz, InnerSolveSettings{false, 0.5 * H.norm()});
  EXPECT_TRUE(report.converged);
  EXPECT_GT(report.iterations, 0);
  EXPECT_LE((minmap.jacobian_product(dz) + H).norm(), 0.5 * H.norm() * (1.0 + 1e-12));
  EXPECT_LT(minmap.merit_gradient().dot(dz), 0.0);

  FischerLinearization fischer(it.problem, FischerJacobian::zero, false, 1);
  fischer.linearize(it.z, it.w);
  const Vector& F = fischer.map();
  const InnerSolveReport fischer_report = fischer.solve(-F, dz, InnerSolveSettings{false, 0.5 * F.norm()});
  EXPECT_TRUE(fischer_report.converged);
  EXPECT_LE((fischer.jacobian_product(dz) + F).norm(), 0.5 * F.norm() * (1.0 + 1e-12));
  EXPECT_LT(fischer.merit_gradient().dot(dz), 0.0);
}

// B3: the accepted step satisfies Armijo at the projected point, which is >= 0, and it is the
// first of 1, 1/2, 1/4, ... to do so.
TEST(ProjectedArmijoSearch, B3AcceptsTheFirstArmijoStepOfTheProjectedPoint) {
  std::mt19937_64 random(8);
  const ArmijoSettings settings;
  int backtracked = 0;
  for (int trial = 0; trial < 20; ++trial) {
    const Iterate it = random_iterate(testing::random_spd_matrix(25, 0.2, random), random);
    MinMapLinearization linearization(it.problem, true);
    linearization.linearize(it.z, it.w);
    const Vector& H = linearization.map();
    const double theta = 0.5 * H.squaredNorm();
    Vector dz;
    linearization.solve(-H, dz, kExact);
    dz *= 1.0 + trial;  // overshooting directions force backtracking
    const double slope = linearization.merit_gradient().dot(dz);
    ASSERT_LT(slope, 0.0);
    const MeritFunction merit = [&](const Vector& point) { return minmap_merit(it.problem, point); };
    Vector trial_point;
    const LineSearchOutcome outcome = projected_armijo_search(it.z, dz, theta, slope, merit, trial_point, settings);
    ASSERT_TRUE(outcome.accepted) << "trial " << trial;
    EXPECT_EQ(trial_point, (it.z + outcome.step * dz).cwiseMax(0.0));
    EXPECT_GE(trial_point.minCoeff(), 0.0);
    EXPECT_DOUBLE_EQ(outcome.merit, minmap_merit(it.problem, trial_point));
    EXPECT_LE(outcome.merit, theta + settings.sufficient_decrease * outcome.step * slope);
    if (outcome.step < 1.0) {
      ++backtracked;
      const double previous = outcome.step / settings.step_reduction;
      const Vector rejected = (it.z + previous * dz).cwiseMax(0.0);
      EXPECT_GT(minmap_merit(it.problem, rejected), theta + settings.sufficient_decrease * previous * slope);
    }
  }
  EXPECT_GT(backtracked, 0);
}

TEST(ProjectedArmijoSearch, GivesUpWhenNoStepDecreasesTheMerit) {
  // theta(z) = |min(z, z - 1)|^2 / 2 per entry: the solution is z = 1.
  const LcpProblem problem(DenseMatrix::Identity(3, 3), Vector::Constant(3, -1.0));
  const MeritFunction merit = [&](const Vector& point) { return minmap_merit(problem, point); };
  const ArmijoSettings settings;
  Vector trial;
  // From z = 0.5, moving down increases theta, whatever slope the caller claims.
  const Vector half = Vector::Constant(3, 0.5);
  const LineSearchOutcome uphill =
      projected_armijo_search(half, Vector::Constant(3, -1.0), merit(half), -1.0, merit, trial, settings);
  EXPECT_FALSE(uphill.accepted);
  EXPECT_LT(uphill.step, 2.0 * settings.min_step);
  EXPECT_GT(uphill.evaluations, 40);
  // From z = 0 the same direction is projected back onto z = 0 for every step: theta cannot
  // decrease, and a predicted decrease below round-off must not be accepted either.
  const Vector zero = Vector::Zero(3);
  const LineSearchOutcome blocked =
      projected_armijo_search(zero, Vector::Constant(3, -1.0), merit(zero), -1.0, merit, trial, settings);
  EXPECT_FALSE(blocked.accepted);
  EXPECT_EQ(trial, Vector::Zero(3));
}

// B3 along a whole Newton run assembled from the pieces: every accepted iterate is >= 0 and
// the merit decreases by at least the Armijo amount.
TEST(ProjectedArmijoSearch, B3EveryAcceptedNewtonIterateIsNonnegative) {
  const erleben::GeneratedLcp fluid = erleben::make_fluid_lcp(6, 4);
  const LcpProblem& problem = fluid.problem;
  MinMapLinearization linearization(problem, true);
  Vector z = Vector::Zero(problem.size());
  Vector w = problem.w(z);
  const MeritFunction merit = [&](const Vector& point) { return minmap_merit(problem, point); };
  for (int k = 0; k < 8; ++k) {
    linearization.linearize(z, w);
    const Vector& H = linearization.map();
    const double theta = 0.5 * H.squaredNorm();
    if (theta < 1e-24) break;
    Vector dz, trial;
    linearization.solve(-H, dz, kExact);
    const double slope = linearization.merit_gradient().dot(dz);
    const LineSearchOutcome outcome = projected_armijo_search(z, dz, theta, slope, merit, trial);
    ASSERT_TRUE(outcome.accepted) << "iteration " << k;
    ASSERT_GE(trial.minCoeff(), 0.0);
    ASSERT_LE(outcome.merit, theta + 1e-4 * outcome.step * slope);
    z = trial;
    w = problem.w(z);
  }
  EXPECT_LT(z.cwiseMin(w).lpNorm<Eigen::Infinity>(), 1e-10);
}

}  // namespace
}  // namespace relcp::lcp
