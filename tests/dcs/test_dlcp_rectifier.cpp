// The rectifier of [GS] Sec. 4.1 and the infeasibility of its least-norm iteration (docs/dlcp.md,
// "Rectifier infeasibility"): the coupled backward-Euler reference clamps x at 0; the plain
// iteration fails where its first iterate goes negative; the `coupled` policy converges to the
// reference.

#include <gtest/gtest.h>

#include <cmath>

#include "dcs/problems/rectifier_problem.hpp"
#include "dcs/waveform/gauss_seidel_waveform_dncp.hpp"
#include "dcs/waveform/implicit_euler_dncp.hpp"

namespace relcp::dcs {
namespace {

// The reference case of docs/dlcp.md: C = 1.8, h = 2^-10, T = 0.2 (204 steps).
TimeGrid digest_grid() { return TimeGrid{std::ldexp(1.0, -10), 204}; }

CoupledEulerResult reference(const DncpProblem& problem, const TimeGrid& grid) {
  CoupledEulerOptions options;
  options.selection = LcpSelection::least_norm;
  return solve_coupled_backward_euler(problem, grid, options);
}

WaveformOptions least_norm(InfeasibleLcpPolicy policy) {
  WaveformOptions options;
  options.selection = LcpSelection::least_norm;
  options.infeasible = policy;
  options.tolerance = 1e-11;
  options.max_iterations = 100;
  return options;
}

TEST(Rectifier, CollocationCapacitancesFollowTheStochasticTestingPoints) {
  const std::vector<double> C = rectifier_collocation_capacitances();
  ASSERT_EQ(C.size(), 6U);
  EXPECT_DOUBLE_EQ(C[0], 1.8);
  EXPECT_NEAR(C[1], 2.5746, 1e-4);
  EXPECT_NEAR(C[2], 1.0254, 1e-4);
  EXPECT_NEAR(C[5], 1.9936, 1e-4);
}

TEST(Rectifier, CoupledBackwardEulerClampsTheVoltageWithEqualDiodeCurrents) {
  const DncpProblem problem = make_rectifier_problem({1.8});
  const CoupledEulerResult run = reference(problem, digest_grid());
  ASSERT_TRUE(run.report.completed);
  const DenseMatrix& X = run.trajectory.X;
  const DenseMatrix& Y = run.trajectory.Y;
  int clamped = 0;
  for (Eigen::Index j = 1; j < X.cols(); ++j) {
    EXPECT_GE(X(0, j), -1e-10);
    EXPECT_NEAR(Y(0, j), Y(2, j), 1e-8);  // least-norm split: y1 = y3, y2 = y4 = 0
    EXPECT_NEAR(Y(1, j), 0.0, 1e-8);
    EXPECT_NEAR(Y(3, j), 0.0, 1e-8);
    if (std::abs(X(0, j)) <= 1e-10) ++clamped;
  }
  EXPECT_NEAR(clamped, 55, 2);                   // docs/dlcp.md: 55 of 204 steps
  EXPECT_NEAR(Y.row(0).maxCoeff(), 5.25, 0.02);  // docs/dlcp.md: max y1 = y3 = 5.25
}

TEST(Rectifier, PlainLeastNormIterationFailsWhereItsFirstIterateGoesNegative) {
  const DncpProblem problem = make_rectifier_problem({1.8});
  const WaveformResult run = solve_gauss_seidel_waveform(problem, digest_grid(), least_norm(InfeasibleLcpPolicy::fail),
                                                         *make_batched_lcp_backend("serial"));
  EXPECT_TRUE(run.report.lcp_failed);
  EXPECT_FALSE(run.report.converged);
  EXPECT_EQ(run.report.failure_status, lcp::Status::infeasible);
  EXPECT_NEAR(run.report.failure_time, 0.0381, 0.001);  // x^1 first negative at t = 0.0381
}

TEST(Rectifier, CoupledPolicyConvergesToTheCoupledBackwardEulerSolution) {
  const DncpProblem problem = make_rectifier_problem({1.8});
  const TimeGrid grid = digest_grid();
  const CoupledEulerResult expected = reference(problem, grid);
  const WaveformResult run = solve_gauss_seidel_waveform(problem, grid, least_norm(InfeasibleLcpPolicy::coupled),
                                                         *make_batched_lcp_backend("openmp"));
  ASSERT_TRUE(run.report.converged);
  EXPECT_GE(run.report.coupled_points, 50);
  EXPECT_LE(max_column_difference(run.trajectory.X, expected.trajectory.X), 1e-9);
  EXPECT_LE(max_column_difference(run.trajectory.Y, expected.trajectory.Y), 1e-6);
}

TEST(Rectifier, WithoutClampingThePlainIterationConvergesToTheReference) {
  // J = 2000 at h = 2^-16 (T = 0.0305 < 0.038): x stays positive ([GS] Fig 4.3 right).
  const DncpProblem problem = make_rectifier_problem(rectifier_collocation_capacitances());
  const TimeGrid grid{std::ldexp(1.0, -16), 2000};
  const CoupledEulerResult expected = reference(problem, grid);
  ASSERT_TRUE(expected.report.completed);
  const WaveformResult run = solve_gauss_seidel_waveform(problem, grid, least_norm(InfeasibleLcpPolicy::fail),
                                                         *make_batched_lcp_backend("openmp"));
  ASSERT_TRUE(run.report.converged);
  EXPECT_EQ(run.report.coupled_points, 0);
  EXPECT_LE(max_column_difference(run.trajectory.X, expected.trajectory.X), 1e-9);
  EXPECT_LE(run.report.iterations, 10);  // fast for small h ([GS] Fig 4.3 right)
}

}  // namespace
}  // namespace relcp::dcs
