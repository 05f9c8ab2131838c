// The batched LCP back ends agree with the serial one column by column, bit for bit.

#include <gtest/gtest.h>

#include <omp.h>

#include <random>

#include "core/error.hpp"
#include "dcs/batched/batched_lcp.hpp"
#include "dcs/problems/wuchen_small_problem.hpp"

namespace relcp::dcs {
namespace {

DenseMatrix random_matrix(std::mt19937& random, Eigen::Index rows, Eigen::Index cols, double low, double high) {
  std::uniform_real_distribution<double> entry(low, high);
  DenseMatrix matrix(rows, cols);
  for (Eigen::Index j = 0; j < cols; ++j) {
    for (Eigen::Index i = 0; i < rows; ++i) matrix(i, j) = entry(random);
  }
  return matrix;
}

DenseMatrix tridiagonal_m_matrix(int n) {
  DenseMatrix M = 4.0 * DenseMatrix::Identity(n, n);
  for (int i = 0; i + 1 < n; ++i) M(i, i + 1) = M(i + 1, i) = -1.0;
  return M;
}

void expect_backends_agree(const LcpSelectionSolver& solver, const DenseMatrix& Q, const DenseMatrix& warm) {
  const auto serial = make_batched_lcp_backend("serial");
  const auto openmp = make_batched_lcp_backend("openmp");
  DenseMatrix y_serial = warm, y_openmp = warm;
  std::vector<LcpOutcome> outcomes_serial, outcomes_openmp;
  const LcpBatchReport a = serial->solve(solver, Q, y_serial, outcomes_serial);
  const LcpBatchReport b = openmp->solve(solver, Q, y_openmp, outcomes_openmp);
  EXPECT_EQ(a.failures, b.failures);
  EXPECT_EQ(a.first_failure, b.first_failure);
  EXPECT_EQ(a.total_iterations, b.total_iterations);
  EXPECT_EQ(a.columns, Q.cols());
  for (Eigen::Index j = 0; j < Q.cols(); ++j) {
    const auto& one = outcomes_serial[static_cast<std::size_t>(j)];
    ASSERT_EQ(one.status, outcomes_openmp[static_cast<std::size_t>(j)].status) << "column " << j;
    if (one.status == lcp::Status::converged) {
      EXPECT_EQ(y_serial.col(j), y_openmp.col(j)) << "column " << j;  // identical, not just close
      const Vector w = solver.matrix() * y_serial.col(j) + Q.col(j);
      EXPECT_LE(y_serial.col(j).cwiseMin(w).lpNorm<Eigen::Infinity>(), 1e-9);
    }
  }
}

TEST(BatchedLcp, OpenMpAgreesWithSerialForEverySelection) {
  ASSERT_GE(omp_get_max_threads(), 1);
  std::mt19937 random(1);
  const DenseMatrix Q = random_matrix(random, 9, 500, -3.0, 2.0);
  const DenseMatrix warm = random_matrix(random, 9, 500, 0.0, 1.0);
  for (LcpSelection selection : {LcpSelection::unique, LcpSelection::least_norm, LcpSelection::least_element}) {
    SCOPED_TRACE(std::string(to_string(selection)));
    expect_backends_agree(LcpSelectionSolver(tridiagonal_m_matrix(9), selection, 1e-10), Q, warm);
  }
}

TEST(BatchedLcp, FailuresAreReportedPerColumnTheSameWay) {
  // The Z-matrix of [PL] 4.1 (not P): many random q have an empty feasible set.
  std::mt19937 random(2);
  const DenseMatrix Q = random_matrix(random, 4, 300, -1.0, 1.0);
  const LcpSelectionSolver solver(wuchen_small_M(), LcpSelection::least_element, 1e-10);
  expect_backends_agree(solver, Q, DenseMatrix());
  DenseMatrix Y;
  std::vector<LcpOutcome> outcomes;
  const LcpBatchReport report = make_batched_lcp_backend("openmp")->solve(solver, Q, Y, outcomes);
  EXPECT_GT(report.failures, 0);
  EXPECT_LT(report.failures, Q.cols());
  ASSERT_GE(report.first_failure, 0);
  EXPECT_NE(outcomes[static_cast<std::size_t>(report.first_failure)].status, lcp::Status::converged);
  for (Eigen::Index j = 0; j < report.first_failure; ++j) {
    EXPECT_EQ(outcomes[static_cast<std::size_t>(j)].status, lcp::Status::converged);
  }
}

TEST(BatchedLcp, UnknownAndUnavailableBackEndsAreReported) {
  EXPECT_THROW(make_batched_lcp_backend("fpga"), InputError);
#if !defined(RELCP_HAVE_CUDA)
  EXPECT_THROW(make_batched_lcp_backend("cuda"), InputError);  // exit code 2: not built
#endif
  EXPECT_EQ(make_batched_lcp_backend("serial")->name(), "serial");
  EXPECT_EQ(make_batched_lcp_backend("openmp")->name(), "openmp");
}

}  // namespace
}  // namespace relcp::dcs
