// Implicit Euler for the DLCP (the direct time-stepping baseline) and the (I - h A) solvers.

#include <gtest/gtest.h>

#include <cmath>

#include "core/error.hpp"
#include "dcs/problems/signorini_problem.hpp"
#include "dcs/waveform/dlcp_shifted_solver.hpp"
#include "dcs/waveform/implicit_euler.hpp"

namespace relcp::dcs {
namespace {

DlcpProblem scalar_problem(double a, double b, double n, double m, double f, double g, double x0) {
  DlcpProblem problem;
  problem.A = to_sparse(DenseMatrix::Constant(1, 1, a));
  problem.B = to_sparse(DenseMatrix::Constant(1, 1, b));
  problem.N = to_sparse(DenseMatrix::Constant(1, 1, n));
  problem.M = DenseMatrix::Constant(1, 1, m);
  problem.f = [f](double) { return Vector::Constant(1, f); };
  problem.g = [g](double) { return Vector::Constant(1, g); };
  problem.x0 = Vector::Constant(1, x0);
  return problem;
}

TEST(ImplicitEuler, InactiveConstraintGivesTheEulerRecursion) {
  // x' = -x, w = x + y + 10 > 0 always: y = 0 and x_j = x0 / (1 + h)^j.
  const DlcpProblem problem = scalar_problem(-1.0, 1.0, 1.0, 1.0, 0.0, 10.0, 2.0);
  const ImplicitEulerResult result = solve_implicit_euler(problem, make_time_grid(1.0, 0.1), {});
  ASSERT_TRUE(result.report.completed);
  for (Eigen::Index j = 0; j <= 10; ++j) {
    EXPECT_NEAR(result.trajectory.X(0, j), 2.0 / std::pow(1.1, static_cast<double>(j)), 1e-14);
    EXPECT_EQ(result.trajectory.Y(0, j), 0.0);
  }
}

TEST(ImplicitEuler, ActiveConstraintStopsTheStateAtTheObstacle) {
  // x' = -1 + y, 0 <= y perp x >= 0 (N = 1, M = 0): x_j = max(0, x_{j-1} - h), y = 1 on contact.
  const DlcpProblem problem = scalar_problem(0.0, 1.0, 1.0, 0.0, -1.0, 0.0, 0.55);
  const TimeGrid grid = make_time_grid(1.0, 0.1);
  const ImplicitEulerResult result = solve_implicit_euler(problem, grid, {});
  ASSERT_TRUE(result.report.completed);
  EXPECT_TRUE(result.report.step_matrix_is_p.value_or(false));  // M^h = h
  for (Eigen::Index j = 1; j <= grid.steps; ++j) {
    const double before = std::max(0.0, 0.55 - grid.t(j - 1));
    EXPECT_NEAR(result.trajectory.X(0, j), std::max(0.0, before - grid.h), 1e-14);
    EXPECT_NEAR(result.trajectory.Y(0, j), std::max(0.0, (grid.h - before) / grid.h), 1e-12) << "j = " << j;
  }
  EXPECT_NEAR(result.trajectory.Y(0, grid.steps), 1.0, 1e-12);  // resting on the obstacle
}

TEST(ImplicitEuler, StopsAtTheFirstStepWhoseLcpHasNoSolution) {
  // M^h = M = -1 (B = 0): LCP(q, -1) is infeasible for q < 0, and q_j = x_{j-1} - h.
  const DlcpProblem problem = scalar_problem(0.0, 0.0, 1.0, -1.0, -1.0, 0.0, 1.0);
  ImplicitEulerOptions options;
  options.selection = LcpSelection::least_element;
  const ImplicitEulerResult result = solve_implicit_euler(problem, make_time_grid(2.0, 0.125), options);
  EXPECT_FALSE(result.report.completed);
  EXPECT_EQ(result.report.failed_step, 9);  // q_9 = 1 - 9/8 < 0
  EXPECT_EQ(result.report.failure_status, lcp::Status::infeasible);
  EXPECT_EQ(result.trajectory.X.cols(), 9);
  EXPECT_TRUE(result.report.step_matrix_is_z);
  EXPECT_EQ(result.report.step_matrix_is_p, false);
}

TEST(ImplicitEuler, ConvergesAtFirstOrderInH) {
  // x' = -x + y + sin(t) with 0 <= y perp x + 0.3 >= 0: the error against a fine run halves with h.
  DlcpProblem problem = scalar_problem(-1.0, 1.0, 1.0, 0.0, 0.0, 0.3, 0.2);
  problem.f = [](double t) { return Vector::Constant(1, -2.0 * std::cos(3.0 * t)); };
  const ImplicitEulerResult reference = solve_implicit_euler(problem, make_time_grid(2.0, 1.0 / 2560), {});
  double previous = 0.0;
  for (int k = 0; k < 3; ++k) {
    const double h = 1.0 / (40 << k);
    const ImplicitEulerResult run = solve_implicit_euler(problem, make_time_grid(2.0, h), {});
    ASSERT_TRUE(run.report.completed);
    const Eigen::Index stride = static_cast<Eigen::Index>(std::lround(h * 2560));
    double error = 0.0;
    for (Eigen::Index j = 0; j < run.trajectory.X.cols(); ++j) {
      error = std::max(error, std::abs(run.trajectory.X(0, j) - reference.trajectory.X(0, j * stride)));
    }
    if (k > 0) {
      EXPECT_NEAR(previous / error, 2.0, 0.35);
    }
    previous = error;
  }
}

TEST(ImplicitEuler, BelosSolversAgreeWithTheSparseLu) {
  const SignoriniProblem signorini = make_signorini_problem({0.125, 2e-3});
  const TimeGrid grid = make_time_grid(0.5, 0.05);
  ImplicitEulerOptions direct;
  direct.selection = LcpSelection::least_element;
  direct.linear_solver.kind = ShiftedSolverKind::direct;
  ImplicitEulerOptions cg = direct, gmres = direct;
  cg.linear_solver.kind = ShiftedSolverKind::cg;
  gmres.linear_solver.kind = ShiftedSolverKind::gmres;
  const ImplicitEulerResult a = solve_implicit_euler(signorini.dlcp, grid, direct);
  const ImplicitEulerResult b = solve_implicit_euler(signorini.dlcp, grid, cg);
  const ImplicitEulerResult c = solve_implicit_euler(signorini.dlcp, grid, gmres);
  ASSERT_TRUE(a.report.completed && b.report.completed && c.report.completed);
  EXPECT_EQ(b.report.linear_solver, "cg");
  EXPECT_GT(b.report.krylov_iterations, 0);
  EXPECT_LE(max_column_difference(a.trajectory.X, b.trajectory.X), 1e-9);
  EXPECT_LE(max_column_difference(a.trajectory.X, c.trajectory.X), 1e-9);
  EXPECT_LE(max_column_difference(a.trajectory.Y, b.trajectory.Y), 1e-9);
}

TEST(ImplicitEuler, AutomaticLinearSolverFollowsSizeAndSymmetry) {
  const SignoriniProblem signorini = make_signorini_problem({0.125, 2e-3});
  ShiftedSolverSettings settings;
  EXPECT_EQ(make_shifted_solver(signorini.dlcp.A, 0.01, settings)->name(), "direct");
  settings.direct_limit = 10;
  EXPECT_EQ(make_shifted_solver(signorini.dlcp.A, 0.01, settings)->name(), "cg");
  RowSparseMatrix skewed = signorini.dlcp.A;
  skewed.coeffRef(0, 1) += 1.0;
  EXPECT_EQ(make_shifted_solver(skewed, 0.01, settings)->name(), "gmres");
  settings.kind = ShiftedSolverKind::cg;
  EXPECT_THROW(make_shifted_solver(skewed, 0.01, settings), InputError);
  EXPECT_THROW(parse_shifted_solver_kind("lu"), InputError);
}

TEST(ImplicitEuler, InvalidProblemsAreInputErrors) {
  DlcpProblem problem = scalar_problem(-1.0, 1.0, 1.0, 1.0, 0.0, 1.0, 0.0);
  problem.x0 = Vector::Zero(2);
  EXPECT_THROW(solve_implicit_euler(problem, make_time_grid(1.0, 0.1), {}), InputError);
  EXPECT_THROW(make_time_grid(1.0, 0.0), InputError);
  EXPECT_THROW(make_time_grid(1.0, -0.1), InputError);
}

TEST(ImplicitEuler, NonIntegerStepCountsExtendTheGrid) {
  EXPECT_EQ(make_time_grid(1.0, 0.1).steps, 10);
  const TimeGrid grid = make_time_grid(0.2, std::ldexp(1.0, -7));  // T/h = 25.6
  EXPECT_EQ(grid.steps, 26);
  EXPECT_GE(grid.end(), 0.2);
}

}  // namespace
}  // namespace relcp::dcs
