// The Gauss-Seidel waveform iteration: its fixed point is implicit Euler at the same h, for
// every window length, back end and problem form (DLCP, DNCP, projected system).

#include <gtest/gtest.h>

#include <cmath>
#include <memory>

#include "core/error.hpp"
#include "dcs/problems/dlcp_dncp_problem.hpp"
#include "dcs/problems/projected_dynamical_system_problem.hpp"
#include "dcs/problems/signorini_problem.hpp"
#include "dcs/problems/wuchen_small_problem.hpp"
#include "dcs/waveform/gauss_seidel_waveform.hpp"
#include "dcs/waveform/gauss_seidel_waveform_dncp.hpp"
#include "dcs/waveform/gauss_seidel_waveform_projected.hpp"
#include "dcs/waveform/implicit_euler.hpp"
#include "dcs/waveform/implicit_euler_dncp.hpp"

namespace relcp::dcs {
namespace {

DlcpProblem wuchen_small() { return make_wuchen_small_problem(wuchen_small_chosen_g, wuchen_small_chosen_x0()); }

WaveformOptions tight(LcpSelection selection, Eigen::Index window) {
  WaveformOptions options;
  options.selection = selection;
  options.window = window;
  options.tolerance = 1e-13;
  options.max_iterations = 200;
  options.lcp_tolerance = 1e-12;
  return options;
}

ImplicitEulerResult implicit_euler(const DlcpProblem& problem, const TimeGrid& grid, LcpSelection selection) {
  ImplicitEulerOptions options;
  options.selection = selection;
  options.lcp_tolerance = 1e-12;
  return solve_implicit_euler(problem, grid, options);
}

TEST(GaussSeidelWaveform, FixedPointIsImplicitEulerForTheWuChenProblemWithAnyWindow) {
  const DlcpProblem problem = wuchen_small();
  const TimeGrid grid = make_time_grid(1.0, std::ldexp(1.0, -8));  // M^h is Z here
  const ImplicitEulerResult reference = implicit_euler(problem, grid, LcpSelection::least_element);
  ASSERT_TRUE(reference.report.completed);
  ASSERT_GT(reference.trajectory.Y.row(3).maxCoeff(), 0.1);  // y4 active somewhere
  const auto backend = make_batched_lcp_backend("openmp");
  for (Eigen::Index window : {Eigen::Index{0}, Eigen::Index{1}, Eigen::Index{37}}) {
    SCOPED_TRACE("window " + std::to_string(window));
    const WaveformResult run =
        solve_gauss_seidel_waveform(problem, grid, tight(LcpSelection::least_element, window), *backend);
    ASSERT_TRUE(run.report.converged);
    EXPECT_LE(max_column_difference(run.trajectory.X, reference.trajectory.X), 1e-10);
    EXPECT_LE(max_column_difference(run.trajectory.Y, reference.trajectory.Y), 1e-9);
  }
}

TEST(GaussSeidelWaveform, FixedPointIsImplicitEulerForTheSignoriniProblem) {
  const SignoriniProblem signorini = make_signorini_problem({0.125, 2e-3});
  const TimeGrid grid = make_time_grid(2.0, 0.05);
  const ImplicitEulerResult reference = implicit_euler(signorini.dlcp, grid, LcpSelection::unique);
  ASSERT_TRUE(reference.report.completed);
  const DenseMatrix& Y = reference.trajectory.Y;
  EXPECT_GT((Y.array() > 1e-8).count(), 0);  // the obstacle is both active and inactive
  EXPECT_GT((Y.array() < 1e-12).count(), 0);
  const WaveformResult run = solve_gauss_seidel_waveform(signorini.dlcp, grid, tight(LcpSelection::least_element, 0),
                                                         *make_batched_lcp_backend("serial"));
  ASSERT_TRUE(run.report.converged);
  EXPECT_LE(max_column_difference(run.trajectory.X, reference.trajectory.X), 1e-10);
  EXPECT_LE(max_column_difference(run.trajectory.Y, reference.trajectory.Y), 1e-9);
}

TEST(GaussSeidelWaveform, BackEndsGiveIdenticalIterates) {
  const DlcpProblem problem = wuchen_small();
  const TimeGrid grid = make_time_grid(1.0, std::ldexp(1.0, -7));
  const WaveformOptions options = tight(LcpSelection::least_element, 0);
  const WaveformResult serial =
      solve_gauss_seidel_waveform(problem, grid, options, *make_batched_lcp_backend("serial"));
  const WaveformResult openmp =
      solve_gauss_seidel_waveform(problem, grid, options, *make_batched_lcp_backend("openmp"));
  EXPECT_EQ(serial.report.iterations, openmp.report.iterations);
  EXPECT_EQ(serial.trajectory.X, openmp.trajectory.X);
  EXPECT_EQ(serial.report.change_history, openmp.report.change_history);
}

TEST(GaussSeidelWaveform, DncpFormOfADlcpFollowsTheSameIterates) {
  const DlcpProblem problem = wuchen_small();
  const TimeGrid grid = make_time_grid(0.5, std::ldexp(1.0, -8));
  const auto backend = make_batched_lcp_backend("serial");
  WaveformOptions options = tight(LcpSelection::least_element, 0);
  options.max_iterations = 6;
  const WaveformResult linear = solve_gauss_seidel_waveform(problem, grid, options, *backend);
  const WaveformResult nonlinear = solve_gauss_seidel_waveform(as_dncp(problem), grid, options, *backend);
  ASSERT_EQ(linear.report.change_history.size(), nonlinear.report.change_history.size());
  EXPECT_LE(max_column_difference(linear.trajectory.X, nonlinear.trajectory.X), 1e-11);
  for (std::size_t k = 0; k < linear.report.change_history.size(); ++k) {
    EXPECT_NEAR(linear.report.change_history[k], nonlinear.report.change_history[k], 1e-11);
  }
}

TEST(GaussSeidelWaveform, ErrorHistoryAgainstTheReferenceFallsToTheTolerance) {
  const DlcpProblem problem = wuchen_small();
  const TimeGrid grid = make_time_grid(1.0, std::ldexp(1.0, -7));
  const ImplicitEulerResult reference =
      implicit_euler(problem, make_time_grid(1.0, std::ldexp(1.0, -7)), LcpSelection::least_element);
  WaveformOptions options = tight(LcpSelection::least_element, 0);
  options.reference = std::make_shared<const DenseMatrix>(reference.trajectory.X);
  const WaveformResult run = solve_gauss_seidel_waveform(problem, grid, options, *make_batched_lcp_backend("openmp"));
  ASSERT_TRUE(run.report.converged);
  const auto& errors = run.report.error_history;
  ASSERT_EQ(errors.size(), run.report.change_history.size() + 1);
  DenseMatrix initial = reference.trajectory.X;
  initial.colwise() = problem.x0;
  EXPECT_DOUBLE_EQ(errors.front(), max_column_difference(initial, reference.trajectory.X));
  EXPECT_LE(errors.back(), 1e-11);
}

TEST(GaussSeidelWaveform, OneWindowConvergesSuperlinearlyWhileTheActiveSetIsFixed) {
  // x' = A x + b y with y = 10 - x1 > 0 always (0 <= y perp x1 + y - 10 >= 0): the iteration is
  // Picard's for a linear ODE, whose error ratios behave like T L / k ([GS] Thm 2.5).
  DlcpProblem problem;
  problem.A = to_sparse(DenseMatrix{{0.0, 1.0}, {-1.0, 0.0}});
  problem.B = to_sparse(DenseMatrix{{0.0}, {0.5}});
  problem.N = to_sparse(DenseMatrix{{1.0, 0.0}});
  problem.M = DenseMatrix::Identity(1, 1);
  problem.g = [](double) { return Vector::Constant(1, -10.0); };
  problem.x0 = Vector{{1.0, 0.0}};
  const TimeGrid grid = make_time_grid(2.0, std::ldexp(1.0, -8));
  WaveformOptions options = tight(LcpSelection::unique, 0);
  options.reference =
      std::make_shared<const DenseMatrix>(implicit_euler(problem, grid, LcpSelection::unique).trajectory.X);
  const WaveformResult run = solve_gauss_seidel_waveform(problem, grid, options, *make_batched_lcp_backend("serial"));
  ASSERT_TRUE(run.report.converged);
  const auto& errors = run.report.error_history;
  ASSERT_GE(errors.size(), 7U);
  for (std::size_t k = 1; k + 1 < 6; ++k) {
    EXPECT_LT(errors[k + 1] / errors[k], errors[k] / errors[k - 1]) << "k = " << k;
  }
}

TEST(GaussSeidelWaveform, SinglePointIterationNeedsFewerSweepsForSmallerSteps) {
  // [GS] Remark 2.2: contraction factor O(h) per time point.
  const DlcpProblem problem = wuchen_small();
  const auto backend = make_batched_lcp_backend("serial");
  double previous = 1e9;
  for (int k : {6, 8, 10}) {
    const TimeGrid grid = make_time_grid(0.25, std::ldexp(1.0, -k));
    WaveformOptions options = tight(LcpSelection::least_element, 1);
    options.tolerance = 1e-12;
    const WaveformResult run = solve_gauss_seidel_waveform(problem, grid, options, *backend);
    ASSERT_TRUE(run.report.converged) << "h = 2^-" << k;
    double mean = 0.0;
    for (int iterations : run.report.window_iterations) mean += iterations;
    mean /= static_cast<double>(run.report.window_iterations.size());
    EXPECT_LT(mean, previous) << "h = 2^-" << k;
    previous = mean;
  }
}

TEST(GaussSeidelWaveform, LeastElementNeedsAZMatrix) {
  DlcpProblem problem = wuchen_small();
  problem.M(0, 1) = 0.5;
  EXPECT_THROW(solve_gauss_seidel_waveform(problem, make_time_grid(1.0, 0.1), tight(LcpSelection::least_element, 0),
                                           *make_batched_lcp_backend("serial")),
               InputError);
}

TEST(GaussSeidelWaveform, ProjectedIterationConvergesToBackwardEulerOfThePds) {
  const ProjectedDynamicalSystem system = make_spatial_price_equilibrium({});
  const TimeGrid grid = make_time_grid(2.0, std::ldexp(1.0, -8));
  CoupledEulerOptions euler;
  euler.selection = LcpSelection::least_element;
  const CoupledEulerResult reference = solve_coupled_backward_euler(as_dncp(system), grid, euler);
  ASSERT_TRUE(reference.report.completed);
  for (Eigen::Index window : {Eigen::Index{1}, Eigen::Index{16}}) {
    WaveformOptions options = tight(LcpSelection::least_element, window);
    options.max_iterations = 1000;
    const WaveformResult run = solve_projected_waveform(system, grid, options);
    ASSERT_TRUE(run.report.converged);
    EXPECT_LE(max_column_difference(run.trajectory.X, reference.trajectory.X), 1e-10);
    EXPECT_LE(max_column_difference(run.trajectory.Y, reference.trajectory.Y), 1e-7);
  }
  // The box is active: some flows sit at 0 or at x_max.
  EXPECT_LE(reference.trajectory.X.minCoeff(), 1e-12);
}

}  // namespace
}  // namespace relcp::dcs
