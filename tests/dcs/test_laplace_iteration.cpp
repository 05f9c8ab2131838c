// The fully discrete Laplace iteration (laplace_iteration.hpp) on a DLCP with a known solution:
// the iteration converges, its fixed point converges at first order (at least) in h
// ([PL] Theorem 2.3: O(h) + O(e^{-2.06 sqrt(P)}/sqrt(P))), the error history against a reference
// run is recorded, and the back ends give the same iterates.

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <memory>

#include "core/error.hpp"
#include "dcs/batched/batched_lcp.hpp"
#include "dcs/laplace/laplace_iteration.hpp"
#include "dcs/problems/dlcp_problem.hpp"
#include "dcs/problems/dlcp_time_grid.hpp"
#include "test_laplace_problems.hpp"

namespace relcp::dcs {
namespace {

using laplace_test::ManufacturedDlcp;

LaplaceOptions options_with(int half_nodes) {
  LaplaceOptions options;
  options.contour_half_nodes = half_nodes;
  options.selection = LcpSelection::unique;
  options.tolerance = 1e-12;
  options.lcp_tolerance = 1e-12;
  return options;
}

double error_against_exact(const LaplaceResult& result) {
  double largest = 0.0;
  for (Eigen::Index j = 0; j < result.trajectory.X.cols(); ++j) {
    const double t = result.trajectory.grid.t(j);
    largest = std::max(largest, (result.trajectory.X.col(j) - ManufacturedDlcp::x(t)).lpNorm<Eigen::Infinity>());
  }
  return largest;
}

TEST(LaplaceIteration, ConvergesToAFixedPointWithShrinkingChanges) {
  const auto backend = make_batched_lcp_backend("serial");
  const LaplaceResult result =
      solve_laplace(ManufacturedDlcp().problem(), make_time_grid(1.0, 1.0 / 32), options_with(25), *backend);
  const LaplaceReport& report = result.report;
  ASSERT_TRUE(report.converged);
  EXPECT_TRUE(report.initial_lcp_solved);
  EXPECT_FALSE(report.lcp_failed);
  EXPECT_EQ(report.ode_solver, "dense");
  EXPECT_LT(report.iterations, 30);
  ASSERT_EQ(static_cast<int>(report.change_history.size()), report.iterations);
  EXPECT_LE(report.change_history.back(), 1e-12);
  // Superlinear in the end ([PL] Theorem 2.2): the contraction factor itself shrinks.
  const auto& changes = report.change_history;
  const std::size_t k = changes.size();
  ASSERT_GE(k, 4u);
  EXPECT_LT(changes[k - 2] / changes[k - 3], changes[2] / changes[1]);
  // The converged y is the LCP solution at every node.
  const DenseMatrix& X = result.trajectory.X;
  const DenseMatrix& Y = result.trajectory.Y;
  const DlcpProblem problem = ManufacturedDlcp().problem();
  for (Eigen::Index j = 0; j < Y.cols(); ++j) {
    const Vector w = problem.N * X.col(j) + problem.M * Y.col(j) + problem.offset(result.trajectory.grid.t(j));
    EXPECT_LE(Y.col(j).cwiseMin(w).cwiseAbs().maxCoeff(), 1e-9);
  }
}

TEST(LaplaceIteration, FixedPointConvergesAtFirstOrderInTheStep) {
  const auto backend = make_batched_lcp_backend("openmp");
  double previous = 0.0;
  for (const int J : {16, 32, 64, 128}) {
    const LaplaceResult result =
        solve_laplace(ManufacturedDlcp().problem(), make_time_grid(1.0, 1.0 / J), options_with(64), *backend);
    ASSERT_TRUE(result.report.converged) << "J = " << J;
    const double error = error_against_exact(result);
    EXPECT_LT(error, 1.0 / J) << "J = " << J;  // O(h) with constant below 1
    if (previous > 0.0) {
      EXPECT_GT(previous / error, 1.8) << "J = " << J << ": order below 0.85";
    }
    std::printf("J = %d: error %.3e after %d iterations\n", J, error, result.report.iterations);
    previous = error;
  }
}

TEST(LaplaceIteration, RecordsTheErrorHistoryAgainstAReferenceRun) {
  const auto backend = make_batched_lcp_backend("serial");
  const DlcpProblem problem = ManufacturedDlcp().problem();
  const TimeGrid grid = make_time_grid(1.0, 1.0 / 32);
  const LaplaceResult reference = solve_laplace(problem, grid, options_with(25), *backend);
  LaplaceOptions options = options_with(25);
  options.reference = std::make_shared<const DenseMatrix>(reference.trajectory.X);
  options.tolerance = 1e-6;
  const LaplaceResult result = solve_laplace(problem, grid, options, *backend);
  const auto& errors = result.report.error_history;
  ASSERT_EQ(errors.size(), result.report.change_history.size() + 1);
  EXPECT_GT(errors.front(), 0.1);  // x_j^0 = x0 is far from the solution
  for (std::size_t k = 1; k < errors.size(); ++k) EXPECT_LT(errors[k], errors[k - 1]);
  EXPECT_LT(errors.back(), 1e-6);
}

TEST(LaplaceIteration, SerialAndOpenMpBackEndsGiveIdenticalIterates) {
  const DlcpProblem problem = ManufacturedDlcp().problem();
  const TimeGrid grid = make_time_grid(0.5, 1.0 / 40);
  const LaplaceResult serial = solve_laplace(problem, grid, options_with(16), *make_batched_lcp_backend("serial"));
  const LaplaceResult openmp = solve_laplace(problem, grid, options_with(16), *make_batched_lcp_backend("openmp"));
  EXPECT_EQ(serial.report.iterations, openmp.report.iterations);
  EXPECT_EQ(serial.report.change_history, openmp.report.change_history);
  EXPECT_EQ(serial.trajectory.X, openmp.trajectory.X);
  EXPECT_EQ(serial.trajectory.Y, openmp.trajectory.Y);
  EXPECT_EQ(openmp.report.backend, "openmp");
}

TEST(LaplaceIteration, StopsAtTheFirstTimePointWithoutAnLcpSolution) {
  // 0 <= y perp -y + (x - 1/2)... with M = -1 (Z) the LCP is infeasible once q < 0; x decays
  // from 1 as e^{-t}, so q = x - 1/2 turns negative at t = ln 2.
  DlcpProblem problem;
  problem.A = to_sparse(DenseMatrix::Constant(1, 1, -1.0));
  problem.B = to_sparse(DenseMatrix::Zero(1, 1));
  problem.N = to_sparse(DenseMatrix::Constant(1, 1, 1.0));
  problem.M = DenseMatrix::Constant(1, 1, -1.0);
  problem.g = [](double) { return Vector::Constant(1, -0.5); };
  problem.x0 = Vector::Constant(1, 1.0);
  LaplaceOptions options = options_with(16);
  options.selection = LcpSelection::least_element;
  const LaplaceResult result =
      solve_laplace(problem, make_time_grid(1.0, 0.05), options, *make_batched_lcp_backend("serial"));
  EXPECT_TRUE(result.report.lcp_failed);
  EXPECT_FALSE(result.report.converged);
  // The first iterate is x = x0 = 1 everywhere (feasible); the second sees x(t) = e^{-t}.
  EXPECT_NEAR(result.report.failure_time, 0.7, 1e-12);  // first grid point after ln 2 = 0.693
  EXPECT_EQ(result.report.iterations, 2);
}

TEST(LaplaceIteration, RejectsBadSettings) {
  const auto backend = make_batched_lcp_backend("serial");
  const DlcpProblem problem = ManufacturedDlcp().problem();
  const TimeGrid grid = make_time_grid(1.0, 0.1);
  LaplaceOptions options = options_with(0);
  EXPECT_THROW(solve_laplace(problem, grid, options, *backend), InputError);
  options = options_with(8);
  options.reference = std::make_shared<const DenseMatrix>(DenseMatrix::Zero(2, 3));
  EXPECT_THROW(solve_laplace(problem, grid, options, *backend), InputError);
  options = options_with(8);
  options.selection = LcpSelection::least_element;  // M has a positive off-diagonal entry
  EXPECT_THROW(solve_laplace(problem, grid, options, *backend), InputError);
}

}  // namespace
}  // namespace relcp::dcs
