// The CUDA contour sums (contour_sums_cuda.hpp) and the Laplace iteration on the cuda back end,
// against the CPU back ends. Skips without a CUDA device.

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <memory>
#include <vector>

#include "dcs/batched/batched_lcp.hpp"
#include "dcs/device/device_query_cuda.hpp"
#include "dcs/laplace/contour_hyperbolic.hpp"
#include "dcs/laplace/contour_sums.hpp"
#include "dcs/laplace/contour_tables.hpp"
#include "dcs/laplace/laplace_iteration.hpp"
#include "dcs/problems/dlcp_time_grid.hpp"
#include "test_laplace_problems.hpp"

namespace relcp::dcs {
namespace {

class CudaContourSums : public ::testing::Test {
 protected:
  void SetUp() override {
    const CudaDeviceStatus status = query_cuda_devices();
    if (status.device_count == 0) GTEST_SKIP() << "no CUDA device: " << status.description;
  }
};

DenseMatrix smooth_sources(Eigen::Index r, Eigen::Index points) {
  DenseMatrix sources(r, points);
  for (Eigen::Index l = 0; l < points; ++l) {
    for (Eigen::Index c = 0; c < r; ++c)
      sources(c, l) = std::sin(0.1 * static_cast<double>(l) + static_cast<double>(c));
  }
  return sources;
}

double relative_difference(const DenseMatrix& a, const DenseMatrix& b) {
  return (a - b).cwiseAbs().maxCoeff() / std::max(1e-300, b.cwiseAbs().maxCoeff());
}

TEST_F(CudaContourSums, DenseSumsMatchTheSerialBackEnd) {
  const ContourTables tables =
      make_contour_tables(HyperbolicContour(HyperbolicContourParameters::wu_chen(25)), 0.01, 300);
  const Eigen::Index m = 3, r = 4;
  std::vector<Complex> resolvents(tables.size() * static_cast<std::size_t>(m * r));
  for (std::size_t i = 0; i < resolvents.size(); ++i) resolvents[i] = Complex(std::cos(0.37 * i), std::sin(0.11 * i));
  const DenseMatrix sources = smooth_sources(r, 301);
  DenseMatrix gpu, cpu;
  const ContourSumTimes times =
      make_dense_contour_sums(ComputeBackend::cuda, tables, resolvents, m, r)->apply(sources, gpu);
  make_dense_contour_sums(ComputeBackend::serial, tables, resolvents, m, r)->apply(sources, cpu);
  EXPECT_LT(relative_difference(gpu, cpu), 1e-12);
  EXPECT_GT(times.transfer, 0.0);
}

TEST_F(CudaContourSums, DiagonalSumsMatchTheSerialBackEnd) {
  const ContourTables tables =
      make_contour_tables(HyperbolicContour(HyperbolicContourParameters::wu_chen(25)), 0.01, 400);
  const Eigen::Index r = 39;
  DiagonalModes modes;
  for (Eigen::Index k2 = 0; k2 < r; ++k2) {
    for (Eigen::Index k1 = 0; k1 < r; ++k1) {
      modes.eigenvalue.push_back(-0.04 - 0.01 * static_cast<double>(k1 * k1 + k2 * k2));
      modes.source.push_back(k2);
      modes.profile.push_back(std::sin(0.2 * static_cast<double>(k1 + 1)));
    }
  }
  const DenseMatrix sources = smooth_sources(r, 401);
  DenseMatrix gpu, cpu;
  make_diagonal_contour_sums(ComputeBackend::cuda, tables, modes, r)->apply(sources, gpu);
  make_diagonal_contour_sums(ComputeBackend::serial, tables, modes, r)->apply(sources, cpu);
  EXPECT_LT(relative_difference(gpu, cpu), 1e-12);
}

TEST_F(CudaContourSums, LaplaceIterationOnCudaMatchesOpenMp) {
  LaplaceOptions options;
  options.contour_half_nodes = 25;
  options.selection = LcpSelection::least_element;
  options.tolerance = 1e-11;
  options.lcp_tolerance = 1e-12;
  const DlcpProblem signorini = laplace_test::signorini(15);
  const TimeGrid grid = make_time_grid(4.0, 1.0 / 16);
  const LaplaceResult gpu = solve_laplace(signorini, grid, options, *make_batched_lcp_backend("cuda"));
  const LaplaceResult cpu = solve_laplace(signorini, grid, options, *make_batched_lcp_backend("openmp"));
  ASSERT_TRUE(gpu.report.converged);
  ASSERT_TRUE(cpu.report.converged);
  EXPECT_EQ(gpu.report.ode_solver, "sine");
  EXPECT_TRUE(gpu.report.device_resident);
  EXPECT_FALSE(cpu.report.device_resident);
  EXPECT_EQ(gpu.report.iterations, cpu.report.iterations);
  EXPECT_LT((gpu.trajectory.X - cpu.trajectory.X).cwiseAbs().maxCoeff(), 1e-10);
  EXPECT_LT((gpu.trajectory.Y - cpu.trajectory.Y).cwiseAbs().maxCoeff(), 1e-9);

  options.selection = LcpSelection::unique;
  const DlcpProblem small = laplace_test::ManufacturedDlcp().problem();
  const TimeGrid fine = make_time_grid(1.0, 1.0 / 256);
  const LaplaceResult small_gpu = solve_laplace(small, fine, options, *make_batched_lcp_backend("cuda"));
  const LaplaceResult small_cpu = solve_laplace(small, fine, options, *make_batched_lcp_backend("openmp"));
  ASSERT_TRUE(small_gpu.report.converged);
  EXPECT_EQ(small_gpu.report.ode_solver, "dense");
  EXPECT_LT((small_gpu.trajectory.X - small_cpu.trajectory.X).cwiseAbs().maxCoeff(), 1e-10);
}

// The device-resident iteration against the host-driven one on [PL] 4.2's grid (Q = 39, the
// tiled products' partial tiles) and a coarser one, iterate by iterate; with a reference the
// cuda back end stays host-driven and gives the same trajectory.
TEST_F(CudaContourSums, DeviceResidentIterationFollowsTheHostIteration) {
  LaplaceOptions options;
  options.selection = LcpSelection::least_element;
  options.tolerance = 1e-9;
  for (const int Q : {39, 20}) {
    const DlcpProblem signorini = laplace_test::signorini(Q);
    const TimeGrid grid = make_time_grid(2.0, 0.01);
    const LaplaceResult gpu = solve_laplace(signorini, grid, options, *make_batched_lcp_backend("cuda"));
    const LaplaceResult cpu = solve_laplace(signorini, grid, options, *make_batched_lcp_backend("openmp"));
    ASSERT_TRUE(gpu.report.device_resident);
    ASSERT_TRUE(gpu.report.converged) << Q;
    ASSERT_TRUE(cpu.report.converged) << Q;
    ASSERT_EQ(gpu.report.change_history.size(), cpu.report.change_history.size()) << Q;
    for (std::size_t k = 0; k < cpu.report.change_history.size(); ++k) {
      EXPECT_NEAR(gpu.report.change_history[k], cpu.report.change_history[k],
                  1e-9 * std::max(1.0, cpu.report.change_history[k]))
          << Q << " iteration " << k + 1;
    }
    EXPECT_LT((gpu.trajectory.X - cpu.trajectory.X).cwiseAbs().maxCoeff(), 1e-10) << Q;
    EXPECT_LT((gpu.trajectory.Y - cpu.trajectory.Y).cwiseAbs().maxCoeff(), 1e-9) << Q;
    EXPECT_GT(gpu.report.split.lcp, 0.0);
    EXPECT_GT(gpu.report.split.interpolation, 0.0);
    EXPECT_GT(gpu.report.split.linear_algebra, 0.0);
    EXPECT_GT(gpu.report.split.transfer, 0.0);

    options.reference = std::make_shared<DenseMatrix>(cpu.trajectory.X);
    const LaplaceResult hosted = solve_laplace(signorini, grid, options, *make_batched_lcp_backend("cuda"));
    options.reference.reset();
    EXPECT_FALSE(hosted.report.device_resident);
    EXPECT_EQ(hosted.report.iterations, gpu.report.iterations);
    EXPECT_EQ(hosted.report.lcp_iterations, gpu.report.lcp_iterations);  // the same kernel, warm starts
    EXPECT_EQ(hosted.report.error_history.size(), static_cast<std::size_t>(hosted.report.iterations) + 1);
    EXPECT_LT((hosted.trajectory.X - gpu.trajectory.X).cwiseAbs().maxCoeff(), 1e-10) << Q;
  }
}

}  // namespace
}  // namespace relcp::dcs
