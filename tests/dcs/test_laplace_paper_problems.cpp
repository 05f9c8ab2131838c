// The Laplace iteration on the built-in problems of [PL]: the small Z-matrix DLCP of 4.1 (with
// the data chosen in docs/dlcp.md for what the paper lost) and the Signorini problem of 4.2.
// Properties: convergence robust in h, the fixed point close to the implicit-Euler solution,
// the sine-transform solver picked for Signorini, and agreement of the back ends.

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <vector>

#include "dcs/batched/batched_lcp.hpp"
#include "dcs/laplace/laplace_iteration.hpp"
#include "dcs/problems/dlcp_time_grid.hpp"
#include "dcs/problems/signorini_problem.hpp"
#include "dcs/problems/wuchen_small_problem.hpp"
#include "dcs/waveform/implicit_euler.hpp"

namespace relcp::dcs {
namespace {

DlcpProblem wuchen_small() { return make_wuchen_small_problem(wuchen_small_chosen_g, wuchen_small_chosen_x0()); }

LaplaceOptions least_element(int half_nodes, double tolerance) {
  LaplaceOptions options;
  options.contour_half_nodes = half_nodes;
  options.selection = LcpSelection::least_element;
  options.tolerance = tolerance;
  options.lcp_tolerance = 1e-12;
  return options;
}

TEST(LaplacePaperProblems, SmallZMatrixIterationIsRobustInTheStep) {
  const auto backend = make_batched_lcp_backend("openmp");
  std::vector<int> iterations;
  for (const int k : {4, 5, 6, 7}) {
    const LaplaceResult result =
        solve_laplace(wuchen_small(), make_time_grid(1.0, std::ldexp(1.0, -k)), least_element(25, 1e-12), *backend);
    ASSERT_TRUE(result.report.converged) << "h = 2^-" << k;
    iterations.push_back(result.report.iterations);
    std::printf("h = 2^-%d: %d iterations, Theta_max %.2f\n", k, result.report.iterations, result.report.theta_max);
  }
  // [PL] Fig 4.1: the iteration count does not grow as h shrinks.
  for (std::size_t i = 1; i < iterations.size(); ++i) EXPECT_LE(iterations[i], iterations[0] + 2);
}

TEST(LaplacePaperProblems, SmallZMatrixFixedPointIsCloseToImplicitEuler) {
  const TimeGrid grid = make_time_grid(1.0, std::ldexp(1.0, -8));
  const LaplaceResult laplace =
      solve_laplace(wuchen_small(), grid, least_element(36, 1e-12), *make_batched_lcp_backend("openmp"));
  ImplicitEulerOptions euler_options;
  euler_options.selection = LcpSelection::least_element;
  euler_options.lcp_tolerance = 1e-12;
  const ImplicitEulerResult euler = solve_implicit_euler(wuchen_small(), grid, euler_options);
  ASSERT_TRUE(laplace.report.converged);
  ASSERT_TRUE(euler.report.completed);
  // Both are first-order accurate discretizations of the same DLCP.
  const double difference = max_column_difference(laplace.trajectory.X, euler.trajectory.X);
  std::printf("max |x_laplace - x_euler| = %.3e at h = 2^-8\n", difference);
  EXPECT_LT(difference, 5.0 * grid.h);
  // y_1 = y_3 = 0 as in [PL] Fig 4.2 (the chosen data keep that property).
  EXPECT_LE(laplace.trajectory.Y.row(0).cwiseAbs().maxCoeff(), 1e-10);
  EXPECT_LE(laplace.trajectory.Y.row(2).cwiseAbs().maxCoeff(), 1e-10);
}

TEST(LaplacePaperProblems, SignoriniUsesTheSineSolverAndAgreesAcrossBackEnds) {
  const SignoriniProblem signorini = make_signorini_problem({1.0 / 16, 2e-3});
  const TimeGrid grid = make_time_grid(4.0, 1.0 / 16);
  const LaplaceOptions options = least_element(25, 1e-10);
  const LaplaceResult serial = solve_laplace(signorini.dlcp, grid, options, *make_batched_lcp_backend("serial"));
  const LaplaceResult openmp = solve_laplace(signorini.dlcp, grid, options, *make_batched_lcp_backend("openmp"));
  ASSERT_TRUE(serial.report.converged);
  EXPECT_EQ(serial.report.ode_solver, "sine");
  EXPECT_EQ(serial.trajectory.X, openmp.trajectory.X);
  std::printf(
      "Signorini dx = 1/16, h = 1/16: %d iterations; split lcp %.3f s, linear algebra %.3f s, "
      "interpolation %.3f s\n",
      serial.report.iterations, serial.report.split.lcp, serial.report.split.linear_algebra,
      serial.report.split.interpolation);
  EXPECT_LT(serial.report.iterations, 40);
}

}  // namespace
}  // namespace relcp::dcs
