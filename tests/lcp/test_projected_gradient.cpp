// The generic projected-gradient machinery: back ends, policies, and the algorithms run on two
// unrelated back ends.

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <vector>

#include "lcp/projection/eigen_vector_space.hpp"
#include "lcp/projection/projected_gradient.hpp"
#include "lcp/residual.hpp"
#include "support/convex_qp_problems.hpp"
#include "support/std_vector_space.hpp"

namespace relcp::lcp {
namespace {

using testing::CountingSpace;
using testing::planted_dense_lcp;
using testing::planted_sparse_lcp;
using testing::StdVectorSpace;

Vector random_vector(Index n, std::mt19937_64& rng) {
  std::normal_distribution<double> normal;
  Vector v(n);
  for (Index i = 0; i < n; ++i) v[i] = normal(rng);
  return v;
}

// z >= 0 with exact zeros in about a third of the entries.
Vector random_feasible_vector(Index n, std::mt19937_64& rng) {
  Vector v = random_vector(n, rng).cwiseAbs();
  for (Index i = 0; i < n; i += 3) v[i] = 0.0;
  return v;
}

TEST(EigenVectorSpace, LocalOperationsMatchTheirDefinitions) {
  std::mt19937_64 rng(7);
  const auto planted = planted_dense_lcp(12, 3);
  const EigenVectorSpace space(planted.problem);
  const Vector x = random_vector(12, rng);
  const Vector y = random_vector(12, rng);

  Vector out = space.make_vector();
  ASSERT_EQ(out.size(), 12);
  EXPECT_EQ(out.cwiseAbs().maxCoeff(), 0.0);

  space.combine(2.0, x, -3.0, y, out);
  EXPECT_LT((out - (2.0 * x - 3.0 * y)).norm(), 1e-13);
  space.axpby(0.5, x, 4.0, out);
  EXPECT_LT((out - (0.5 * x + 4.0 * (2.0 * x - 3.0 * y))).norm(), 1e-12);

  space.projected_step(x, 0.25, y, out);
  for (Index i = 0; i < 12; ++i) EXPECT_EQ(out[i], std::max(0.0, x[i] - 0.25 * y[i]));

  const Vector z = random_feasible_vector(12, rng);
  space.projected_gradient(z, y, out);
  for (Index i = 0; i < 12; ++i) EXPECT_EQ(out[i], z[i] > 0.0 ? y[i] : std::min(y[i], 0.0));

  std::array<double, 2> fused{};
  const DotPair<Vector> pairs[] = {{x, y}, {y, y}};
  space.dots(pairs, fused);
  EXPECT_DOUBLE_EQ(fused[0], x.dot(y));
  EXPECT_DOUBLE_EQ(fused[1], y.squaredNorm());
  EXPECT_DOUBLE_EQ(space.norm_inf(x), x.cwiseAbs().maxCoeff());
  EXPECT_DOUBLE_EQ(space.norm_2(x), x.norm());
}

TEST(EigenVectorSpace, AppliesDenseAndSparseOperatorsInTheirNativeStorage) {
  std::mt19937_64 rng(11);
  for (const auto& planted : {planted_dense_lcp(30, 5), planted_sparse_lcp(30, 5)}) {
    const EigenVectorSpace space(planted.problem);
    const Vector x = random_vector(30, rng);
    Vector out = space.make_vector();
    space.apply(x, out);
    EXPECT_LT((out - planted.problem.multiply(x)).norm(), 1e-12);
    compute_gradient(space, x, out);
    EXPECT_LT((out - planted.problem.w(x)).norm(), 1e-12);
  }
}

TEST(ResidualPolicies, EvaluateTheirDefinitionsOnAHandExample) {
  const auto planted = planted_dense_lcp(4, 1);
  const EigenVectorSpace space(planted.problem);
  Vector work = space.make_vector();
  const Vector z = (Vector(4) << 0.0, 0.0, 2.0, 0.1).finished();
  const Vector g = (Vector(4) << -3.0, 4.0, 0.5, 5.0).finished();
  // Projected gradient (-3, 0, 0.5, 5).
  EXPECT_DOUBLE_EQ(ProjectedGradientInfNorm{}.merit(space, z, g, work), 5.0);
  EXPECT_DOUBLE_EQ(ProjectedGradientTwoNorm{}.merit(space, z, g, work), std::sqrt(9.0 + 0.25 + 25.0));
  // min(z / h, g) with h = 1e-6: (-3, 0, 0.5, 5); with h = 0.5: (-3, 0, 0.5, 0.2).
  EXPECT_NEAR(MazharResidual{}.merit(space, z, g, work), std::sqrt(9.0 + 0.25 + 25.0), 1e-9);
  EXPECT_NEAR(MazharResidual{0.5}.merit(space, z, g, work), std::sqrt(9.0 + 0.25 + 0.04), 1e-12);
  EXPECT_THROW(MazharResidual{2.0}, std::invalid_argument);
}

TEST(ResidualPolicies, EveryMeritBoundsTheNaturalResidualFromAbove) {
  std::mt19937_64 rng(5);
  const auto planted = planted_dense_lcp(50, 2);
  const EigenVectorSpace space(planted.problem);
  Vector work = space.make_vector();
  for (int trial = 0; trial < 20; ++trial) {
    const Vector z = random_feasible_vector(50, rng);
    const Vector g = random_vector(50, rng);
    const double natural = natural_residual(z, g);
    const double inf = ProjectedGradientInfNorm{}.merit(space, z, g, work);
    EXPECT_LE(natural, inf);
    EXPECT_LE(inf, ProjectedGradientTwoNorm{}.merit(space, z, g, work));
    EXPECT_LE(natural, MazharResidual{}.merit(space, z, g, work));
    EXPECT_LE(natural, MazharResidual{1.0}.merit(space, z, g, work) * (1.0 + 1e-15));
  }
}

TEST(StepRules, AlternateTheLongAndTheShortBarzilaiBorweinStep) {
  const BarzilaiBorweinProducts p{.ss = 4.0, .sy = 2.0, .yy = 3.0};
  EXPECT_NEAR(BarzilaiBorweinLong{}.step_length(1, p), 2.0, 1e-12);
  EXPECT_NEAR(BarzilaiBorweinShort{}.step_length(1, p), 2.0 / 3.0, 1e-12);
  EXPECT_EQ(AlternatingBarzilaiBorwein{}.step_length(2, p), BarzilaiBorweinLong{}.step_length(2, p));
  EXPECT_EQ(AlternatingBarzilaiBorwein{}.step_length(3, p), BarzilaiBorweinShort{}.step_length(3, p));
  // Tiny steps keep their scale: no absolute guard in the denominators.
  const BarzilaiBorweinProducts tiny{.ss = 4e-20, .sy = 2e-20, .yy = 3e-20};
  EXPECT_NEAR(AlternatingBarzilaiBorwein{}.step_length(2, tiny), 2.0, 1e-12);
  EXPECT_NEAR(AlternatingBarzilaiBorwein{}.step_length(3, tiny), 2.0 / 3.0, 1e-12);
}

TEST(RestartRules, FireOnTheirOwnEvidenceOnly) {
  const RestartEvidence uphill_gradient{.gradient_along_step = 1e-3, .objective_change = -1.0};
  const RestartEvidence objective_increase{.gradient_along_step = -1.0, .objective_change = 1e-3};
  EXPECT_TRUE(GradientRestart{}.decide(uphill_gradient).restart);
  EXPECT_FALSE(GradientRestart{}.decide(uphill_gradient).reject_step);
  EXPECT_FALSE(GradientRestart{}.decide(objective_increase).restart);
  EXPECT_FALSE(ObjectiveRestart{}.decide(uphill_gradient).restart);
  EXPECT_TRUE(ObjectiveRestart{}.decide(objective_increase).restart);
  EXPECT_TRUE(ObjectiveRestart{}.decide(objective_increase).reject_step);
  EXPECT_FALSE(NoRestart{}.decide(uphill_gradient).restart);
  EXPECT_FALSE(NoRestart{}.decide(objective_increase).restart);
}

// Runs `algorithm` on both back ends and returns the iterates each one produced.
template <class Algorithm>
void expect_same_iterates_on_both_back_ends(const Algorithm& algorithm) {
  const auto planted = planted_dense_lcp(25, 42);
  const EigenVectorSpace eigen_space(planted.problem);
  const StdVectorSpace std_space(planted.problem.dense(), planted.problem.q());
  const GradientLimits limits{.max_iterations = 60};
  const MeritWithinTolerance stop{1e-12};

  std::vector<std::vector<double>> eigen_iterates;
  Vector eigen_z = Vector::Zero(25);
  const GradientOutcome eigen_outcome =
      algorithm.solve(eigen_space, eigen_z, limits, stop,
                      [&](const auto&, const Vector& z) { eigen_iterates.emplace_back(z.begin(), z.end()); });

  std::vector<std::vector<double>> std_iterates;
  std::vector<double> std_z(25, 0.0);
  const GradientOutcome std_outcome = algorithm.solve(
      std_space, std_z, limits, stop, [&](const auto&, const std::vector<double>& z) { std_iterates.push_back(z); });

  EXPECT_EQ(eigen_outcome.stop, std_outcome.stop);
  EXPECT_EQ(eigen_outcome.iterations, std_outcome.iterations);
  ASSERT_EQ(eigen_iterates.size(), std_iterates.size());
  ASSERT_GT(eigen_iterates.size(), 10u);
  for (std::size_t k = 0; k < eigen_iterates.size(); ++k) {
    for (std::size_t i = 0; i < 25; ++i) {
      // Only the summation order of the reductions differs between the back ends.
      ASSERT_NEAR(eigen_iterates[k][i], std_iterates[k][i], 1e-9 * (1.0 + std::abs(std_iterates[k][i])))
          << "iterate " << k + 1 << ", entry " << i;
    }
  }
  for (std::size_t i = 0; i < 25; ++i) EXPECT_NEAR(eigen_z[static_cast<Index>(i)], std_z[i], 1e-9);
}

TEST(GenericAlgorithms, BbpgdProducesTheSameIteratesOnTwoBackEnds) {
  expect_same_iterates_on_both_back_ends(BarzilaiBorweinGradient<>{});
}

TEST(GenericAlgorithms, ApgdProducesTheSameIteratesOnTwoBackEnds) {
  expect_same_iterates_on_both_back_ends(AcceleratedProjectedGradient<>{});
}

// The distributed solvers stop on the policy merit alone; that certifies the natural residual.
template <class Residual>
void expect_merit_stop_certifies_natural_residual(const Residual& residual) {
  const auto planted = planted_sparse_lcp(200, 9);
  const EigenVectorSpace space(planted.problem);
  const double tolerance = 1e-9;
  const GradientLimits limits{.max_iterations = 20000};
  Vector z = Vector::Zero(200);
  const GradientOutcome bb =
      BarzilaiBorweinGradient<Residual>(residual).solve(space, z, limits, MeritWithinTolerance{tolerance});
  EXPECT_EQ(bb.stop, GradientStop::converged);
  EXPECT_LE(bb.merit, tolerance);
  EXPECT_LE(natural_residual(planted.problem, z), tolerance);

  z.setZero();
  const GradientOutcome ap =
      AcceleratedProjectedGradient<Residual>(residual).solve(space, z, limits, MeritWithinTolerance{tolerance});
  EXPECT_EQ(ap.stop, GradientStop::converged);
  EXPECT_LE(ap.merit, tolerance);
  EXPECT_LE(natural_residual(planted.problem, z), tolerance);
}

TEST(GenericAlgorithms, MeritStopRuleCertifiesTheNaturalResidualForEveryResidual) {
  expect_merit_stop_certifies_natural_residual(ProjectedGradientInfNorm{});
  expect_merit_stop_certifies_natural_residual(ProjectedGradientTwoNorm{});
  expect_merit_stop_certifies_natural_residual(MazharResidual{});
}

TEST(GenericAlgorithms, BbpgdUsesOneApplicationAndTwoReductionsPerIteration) {
  const auto planted = planted_dense_lcp(40, 8);
  const EigenVectorSpace eigen_space(planted.problem);
  const CountingSpace<EigenVectorSpace> space(eigen_space);
  Vector z = Vector::Zero(40);
  int previous_applications = 0;
  int previous_reductions = 0;
  int observed = 0;
  const GradientOutcome outcome = BarzilaiBorweinGradient<>{}.solve(
      space, z, {.max_iterations = 30}, MeritWithinTolerance{0.0}, [&](const BbpgdIteration& info, const Vector&) {
        if (info.iteration > 1) {
          EXPECT_EQ(space.applications() - previous_applications, 1);
          EXPECT_EQ(space.reductions() - previous_reductions, 2);
        }
        previous_applications = space.applications();
        previous_reductions = space.reductions();
        ++observed;
      });
  EXPECT_EQ(observed, outcome.iterations);
  EXPECT_GT(observed, 5);
}

TEST(GenericAlgorithms, ApgdUsesOneApplicationAndTwoReductionsPerTrialStep) {
  const auto planted = planted_dense_lcp(40, 8);
  const EigenVectorSpace eigen_space(planted.problem);
  const CountingSpace<EigenVectorSpace> space(eigen_space);
  Vector z = Vector::Zero(40);
  int previous_applications = 0;
  int previous_reductions = 0;
  int observed = 0;
  int with_backtracking = 0;
  AcceleratedProjectedGradient<>{}.solve(
      space, z, {.max_iterations = 40}, MeritWithinTolerance{0.0}, [&](const ApgdIteration& info, const Vector&) {
        if (info.iteration > 1) {
          // One application and one fused reduction per trial step, one reduction for the merit.
          EXPECT_EQ(space.applications() - previous_applications, 1 + info.backtracks);
          EXPECT_EQ(space.reductions() - previous_reductions, 2 + info.backtracks - (info.rejected ? 1 : 0));
        }
        with_backtracking += info.backtracks > 0 ? 1 : 0;
        previous_applications = space.applications();
        previous_reductions = space.reductions();
        ++observed;
      });
  EXPECT_EQ(observed, 40);
  EXPECT_LT(with_backtracking, observed);
}

}  // namespace
}  // namespace relcp::lcp
