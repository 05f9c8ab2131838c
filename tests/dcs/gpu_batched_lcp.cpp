// The CUDA batched LCP back end (batched_lcp_cuda.hpp) against the serial back end and against
// the same per-LCP algorithm run on the host. Skips without a CUDA device.

#include <gtest/gtest.h>

#include <random>
#include <vector>

#include "dcs/batched/batched_lcp.hpp"
#include "dcs/batched/batched_lcp_cuda.hpp"
#include "dcs/batched/lcp_selection.hpp"
#include "dcs/device/device_query_cuda.hpp"

namespace relcp::dcs {
namespace {

class CudaBatchedLcp : public ::testing::Test {
 protected:
  void SetUp() override {
    const CudaDeviceStatus status = query_cuda_devices();
    if (status.device_count == 0) GTEST_SKIP() << "no CUDA device: " << status.description;
  }
};

DenseMatrix random_columns(Eigen::Index rows, Eigen::Index columns, double low, double high, unsigned seed) {
  std::mt19937 generator(seed);
  std::uniform_real_distribution<double> uniform(low, high);
  DenseMatrix values(rows, columns);
  for (Eigen::Index i = 0; i < values.size(); ++i) values.data()[i] = uniform(generator);
  return values;
}

DenseMatrix tridiagonal_m_matrix(int n) {
  DenseMatrix M = DenseMatrix::Zero(n, n);
  for (int i = 0; i < n; ++i) {
    M(i, i) = 4.0;
    if (i > 0) M(i, i - 1) = -1.0;
    if (i + 1 < n) M(i, i + 1) = -1.0;
  }
  return M;
}

// Runs the batch on cuda and serial; checks outcomes and solutions column by column, and that
// every converged cuda column matches the host run of the kernel's algorithm.
void expect_same_batch(const DenseMatrix& M, LcpSelection selection, const DenseMatrix& Q) {
  const LcpSelectionSolver solver(M, selection, 1e-10);
  DenseMatrix Y_cuda, Y_serial;
  std::vector<LcpOutcome> cuda_outcomes, serial_outcomes;
  const LcpBatchReport cuda = make_batched_lcp_backend("cuda")->solve(solver, Q, Y_cuda, cuda_outcomes);
  make_batched_lcp_backend("serial")->solve(solver, Q, Y_serial, serial_outcomes);
  const CudaLcpKernel kernel = choose_cuda_lcp_kernel(M, selection);
  EXPECT_EQ(cuda.columns, Q.cols());
  for (Eigen::Index j = 0; j < Q.cols(); ++j) {
    const auto at = static_cast<std::size_t>(j);
    ASSERT_EQ(cuda_outcomes[at].status == lcp::Status::converged, serial_outcomes[at].status == lcp::Status::converged)
        << "column " << j;
    if (cuda_outcomes[at].status != lcp::Status::converged) continue;
    EXPECT_LT((Y_cuda.col(j) - Y_serial.col(j)).cwiseAbs().maxCoeff(), 1e-9) << "column " << j;
    Vector host;
    solve_like_cuda_kernel(kernel, M, selection, 1e-10, Q.col(j), host);
    EXPECT_LT((Y_cuda.col(j) - host).cwiseAbs().maxCoeff(), 1e-12) << "column " << j;
  }
}

TEST_F(CudaBatchedLcp, SmallZMatrixLeastElementsMatchTheSerialBackEnd) {
  DenseMatrix M(4, 4);  // [PL] 4.1's M: Z but not P
  M << 2.0 / 3, -1, -1.0 / 3, -5.0 / 3, -2.0 / 3, 1.0 / 3, -2.0 / 3, -4.0 / 3, -2.0 / 3, -1.0 / 30, 0, -5.0 / 3, -1, 0,
      -5.0 / 3, 1.0 / 3;
  expect_same_batch(M, LcpSelection::least_element, random_columns(4, 4096, -0.5, 2.0, 1));
}

TEST_F(CudaBatchedLcp, SmallPMatrixUniqueSolutionsMatchTheSerialBackEnd) {
  const DenseMatrix G = random_columns(8, 8, -1.0, 1.0, 2);
  const DenseMatrix M = G * G.transpose() + DenseMatrix::Identity(8, 8);
  // 1000 LCPs: one warp each; 6000 (over 32 per multiprocessor on an H100/H200): one thread each.
  expect_same_batch(M, LcpSelection::unique, random_columns(8, 1000, -2.0, 2.0, 3));
  expect_same_batch(M, LcpSelection::unique, random_columns(8, 6000, -2.0, 2.0, 4));
}

// n >= kWarpEnumerationMinSize: one warp per LCP, with infeasible columns among them.
TEST_F(CudaBatchedLcp, WarpEnumerationOfZMatrixLeastElementsMatchesTheSerialBackEnd) {
  for (const int n : {6, 7}) {
    DenseMatrix M = -random_columns(n, n, 0.0, 0.4, static_cast<unsigned>(10 + n));
    for (int i = 0; i < n; ++i) M(i, i) = i == n - 1 ? 0.3 : 2.5;  // Z; not diagonally dominant in the last row
    expect_same_batch(M, LcpSelection::least_element, random_columns(n, 3000, -1.0, 2.0, static_cast<unsigned>(n)));
  }
}

TEST_F(CudaBatchedLcp, TridiagonalBlocksMatchTheSerialBackEnd) {
  // 800 needs more than 48 KiB of shared memory (the opt-in path). The serial reference costs
  // O(n^3) per LCP, hence fewer columns for the large sizes.
  for (const int n : {9, 39, 511, 800}) {
    expect_same_batch(tridiagonal_m_matrix(n), LcpSelection::least_element,
                      random_columns(n, n <= 64 ? 300 : 12, -2.0, 2.0, static_cast<unsigned>(n)));
  }
}

TEST_F(CudaBatchedLcp, WarmStartsAreUsedAndReported) {
  const DenseMatrix M = tridiagonal_m_matrix(63);
  const LcpSelectionSolver solver(M, LcpSelection::unique, 1e-10);
  const DenseMatrix Q = random_columns(63, 200, -2.0, 2.0, 5);
  DenseMatrix Y;
  std::vector<LcpOutcome> outcomes;
  const auto backend = make_batched_lcp_backend("cuda");
  const LcpBatchReport cold = backend->solve(solver, Q, Y, outcomes);
  const LcpBatchReport warm = backend->solve(solver, Q, Y, outcomes);  // Y holds the solutions
  ASSERT_TRUE(cold.all_converged());
  ASSERT_TRUE(warm.all_converged());
  EXPECT_EQ(warm.max_iterations, 1);
  EXPECT_LT(warm.total_iterations, cold.total_iterations);
  EXPECT_GT(cold.solve_seconds, 0.0);
}

}  // namespace
}  // namespace relcp::dcs
