// The sine-transform linear half of the Laplace iteration (laplace_sine_ode_solver.hpp) on the
// parabolic Signorini problem of [PL] Sec. 4.2 (docs/dlcp.md) on a coarse grid: structure
// detection, agreement with the dense resolvent solver, and the full iteration.

#include <gtest/gtest.h>

#include <cmath>
#include <memory>
#include <vector>

#include "core/error.hpp"
#include "dcs/batched/batched_lcp.hpp"
#include "dcs/laplace/contour_hyperbolic.hpp"
#include "dcs/laplace/laplace_dense_ode_solver.hpp"
#include "dcs/laplace/laplace_device_iteration.hpp"
#include "dcs/laplace/laplace_iteration.hpp"
#include "dcs/laplace/laplace_sine_ode_solver.hpp"
#include "dcs/laplace/laplace_sine_setup.hpp"
#include "dcs/laplace/laplace_structure.hpp"
#include "dcs/laplace/sine_transform.hpp"
#include "dcs/problems/dlcp_problem.hpp"
#include "dcs/problems/dlcp_time_grid.hpp"
#include "test_laplace_problems.hpp"

namespace relcp::dcs {
namespace {

using laplace_test::obstacle;
using laplace_test::signorini;

DenseMatrix smooth_nodal_values(Eigen::Index rows, const TimeGrid& grid) {
  DenseMatrix values(rows, grid.points());
  for (Eigen::Index l = 0; l < grid.points(); ++l) {
    for (Eigen::Index i = 0; i < rows; ++i) values(i, l) = std::cos(grid.t(l) + 0.3 * static_cast<double>(i));
  }
  return values;
}

TEST(LaplaceStructure, DetectsTheSignoriniOperatorAndSource) {
  const DlcpProblem problem = signorini(7);
  const auto laplacian = detect_separable_laplacian(problem.A);
  ASSERT_TRUE(laplacian.has_value());
  EXPECT_EQ(laplacian->side, 7);
  EXPECT_NEAR(laplacian->scale, 2e-3 * 64.0, 1e-15);
  const auto profile = detect_block_profile(problem.B, 7);
  ASSERT_TRUE(profile.has_value());
  EXPECT_NEAR((*profile)[0], 2e-3 * 64.0, 1e-15);
  EXPECT_EQ(profile->tail(6), Vector::Zero(6));
  // f(t) = B psi(t) lies in the range; a generic vector does not.
  const auto coordinates = block_profile_coordinates(problem.source(0.3), *profile);
  ASSERT_TRUE(coordinates.has_value());
  EXPECT_NEAR((*coordinates)[0], obstacle(0.125, 0.3), 1e-14);
  EXPECT_FALSE(block_profile_coordinates(Vector::Ones(49), *profile).has_value());

  RowSparseMatrix perturbed = problem.A;
  perturbed.coeffRef(3, 4) *= 1.01;
  EXPECT_FALSE(detect_separable_laplacian(perturbed).has_value());
  EXPECT_FALSE(detect_separable_laplacian(problem.A.topLeftCorner(48, 48)).has_value());
  RowSparseMatrix B = problem.B;
  B.coeffRef(9, 0) = 1.0;  // an entry outside column 0's block
  EXPECT_FALSE(detect_block_profile(B, 7).has_value());
}

TEST(LaplaceSineSolver, AgreesWithTheDenseResolventSolver) {
  const DlcpProblem problem = signorini(7);
  const TimeGrid grid = make_time_grid(4.0, 0.125);
  const HyperbolicContour contour(HyperbolicContourParameters::wu_chen(25));
  SineLaplaceOdeSolver sine(problem, grid, contour, ComputeBackend::openmp, *detect_separable_laplacian(problem.A));
  DenseLaplaceOdeSolver dense(problem, grid, contour, ComputeBackend::openmp);
  EXPECT_TRUE(sine.rank_structured());
  const DenseMatrix y = smooth_nodal_values(7, grid);
  DenseMatrix x_sine, x_dense;
  TimeSplit split;
  sine.solve(y, x_sine, split);
  dense.solve(y, x_dense, split);
  EXPECT_LT((x_sine - x_dense).cwiseAbs().maxCoeff(), 1e-11 * x_dense.cwiseAbs().maxCoeff());
  EXPECT_EQ(x_sine.col(0), problem.x0);
  EXPECT_GT(split.linear_algebra, 0.0);
}

TEST(LaplaceSineSolver, GeneralSourcesOutsideTheBoundaryColumnAgreeToo) {
  DlcpProblem problem = signorini(5);
  problem.f = [](double t) { return Vector::Constant(25, std::sin(3.0 * t)); };  // not in range(B)
  const TimeGrid grid = make_time_grid(1.0, 1.0 / 16);
  const HyperbolicContour contour(HyperbolicContourParameters::wu_chen(16));
  SineLaplaceOdeSolver sine(problem, grid, contour, ComputeBackend::serial, *detect_separable_laplacian(problem.A));
  DenseLaplaceOdeSolver dense(problem, grid, contour, ComputeBackend::serial);
  EXPECT_FALSE(sine.rank_structured());
  const DenseMatrix y = smooth_nodal_values(5, grid);
  DenseMatrix x_sine, x_dense;
  TimeSplit split;
  sine.solve(y, x_sine, split);
  dense.solve(y, x_dense, split);
  EXPECT_LT((x_sine - x_dense).cwiseAbs().maxCoeff(), 1e-11 * x_dense.cwiseAbs().maxCoeff());
}

TEST(LaplaceSineSolver, SignoriniIterationMatchesTheDenseSolverAndConverges) {
  const DlcpProblem problem = signorini(7);
  const TimeGrid grid = make_time_grid(4.0, 0.125);
  const auto backend = make_batched_lcp_backend("openmp");
  LaplaceOptions options;
  options.contour_half_nodes = 25;
  options.selection = LcpSelection::least_element;
  options.tolerance = 1e-11;
  options.lcp_tolerance = 1e-12;
  const LaplaceResult sine = solve_laplace(problem, grid, options, *backend);
  options.ode = LaplaceOdeKind::dense;
  const LaplaceResult dense = solve_laplace(problem, grid, options, *backend);
  ASSERT_TRUE(sine.report.converged);
  ASSERT_TRUE(dense.report.converged);
  EXPECT_EQ(sine.report.ode_solver, "sine");
  EXPECT_EQ(dense.report.ode_solver, "dense");
  EXPECT_LT(sine.report.iterations, 40);
  EXPECT_LT((sine.trajectory.X - dense.trajectory.X).cwiseAbs().maxCoeff(), 1e-9);
  EXPECT_LT((sine.trajectory.Y - dense.trajectory.Y).cwiseAbs().maxCoeff(), 1e-8);
  // The contact is active somewhere: Y = V(0, x2) - psi is zero there and positive elsewhere.
  const DenseMatrix& Y = sine.trajectory.Y;
  EXPECT_GT((Y.array() > 1e-8).count(), 0);
  EXPECT_GT((Y.array().abs() <= 1e-12).count(), 0);
}

TEST(LaplaceSineSolver, RefusesAnOperatorWithoutTheStructure) {
  DlcpProblem problem = signorini(4);
  problem.A.coeffRef(0, 1) = 0.0;
  const TimeGrid grid = make_time_grid(1.0, 0.25);
  const HyperbolicContour contour(HyperbolicContourParameters::wu_chen(8));
  EXPECT_THROW(make_laplace_ode_solver(problem, grid, contour, ComputeBackend::serial, LaplaceOdeKind::sine),
               InputError);
}

// The device-resident iteration applies the transforms as products with this matrix.
TEST(LaplaceSineSetup, SineMatrixIsTheTransformAndItsOwnInverse) {
  for (const int Q : {1, 7, 39}) {
    const DenseMatrix S = sine_matrix(Q);
    const SineTransform line(Q);
    const SineTransform plane(Q, Q);
    const DenseMatrix x = DenseMatrix::NullaryExpr(Q, Q, [](Eigen::Index i, Eigen::Index j) {
      return std::sin(1.0 + 0.7 * static_cast<double>(i) - 0.3 * static_cast<double>(j * j));
    });
    Vector by_fftw(Q);
    line.apply(x.col(0).data(), by_fftw.data());
    EXPECT_LT((S * x.col(0) - by_fftw).cwiseAbs().maxCoeff(), 1e-13) << Q;
    DenseMatrix plane_by_fftw(Q, Q);
    plane.apply(x.data(), plane_by_fftw.data());
    EXPECT_LT((S * x * S - plane_by_fftw).cwiseAbs().maxCoeff(), 1e-13) << Q;
    EXPECT_LT((S * S - DenseMatrix::Identity(Q, Q)).cwiseAbs().maxCoeff(), 1e-13) << Q;
  }
}

TEST(LaplaceSineSetup, DeviceIterationOnlyForTheCudaBackEndWithoutAReference) {
  const DlcpProblem problem = signorini(7);
  const TimeGrid grid = make_time_grid(1.0, 0.125);
  const HyperbolicContour contour(HyperbolicContourParameters::wu_chen(25));
  LaplaceOptions options;
  EXPECT_FALSE(device_laplace_setup(problem, grid, contour, options, "openmp"));
  EXPECT_FALSE(device_laplace_setup(problem, grid, contour, options, "serial"));
  options.ode = LaplaceOdeKind::dense;
  EXPECT_FALSE(device_laplace_setup(problem, grid, contour, options, "cuda"));
  options.ode = LaplaceOdeKind::automatic;
  options.reference = std::make_shared<DenseMatrix>(DenseMatrix::Zero(problem.state_size(), grid.points()));
  EXPECT_FALSE(device_laplace_setup(problem, grid, contour, options, "cuda"));
  options.reference.reset();
#if defined(RELCP_HAVE_CUDA)
  const auto setup = device_laplace_setup(problem, grid, contour, options, "cuda");
  ASSERT_TRUE(setup);
  EXPECT_TRUE(setup->structured);
  EXPECT_EQ(setup->side, 7);
  EXPECT_EQ(setup->free_response.size(), 0);  // computed on the device
  EXPECT_EQ(setup->spectral_x0.size(), problem.state_size());
  EXPECT_EQ(setup->tables.steps, grid.steps);
#else
  EXPECT_FALSE(device_laplace_setup(problem, grid, contour, options, "cuda"));
#endif
}

}  // namespace
}  // namespace relcp::dcs
