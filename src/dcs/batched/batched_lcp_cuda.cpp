#include "dcs/batched/batched_lcp_cuda.hpp"

#include <string>
#include <vector>

#include "core/error.hpp"
#include "dcs/batched/lcp_kernels_cuda.hpp"
#include "dcs/problems/dlcp_matrix_properties.hpp"

namespace relcp::dcs {

lcp::Status status_of_kernel_code(int code) {
  switch (code) {
    case kernels::kLcpConverged:
      return lcp::Status::converged;
    case kernels::kLcpInfeasible:
      return lcp::Status::infeasible;
    case kernels::kLcpMaxIterations:
      return lcp::Status::max_iterations;
    default:
      return lcp::Status::numerical_failure;
  }
}

bool is_tridiagonal(const DenseMatrix& M) {
  for (Eigen::Index c = 0; c < M.cols(); ++c) {
    for (Eigen::Index r = 0; r < M.rows(); ++r) {
      if ((r > c + 1 || c > r + 1) && M(r, c) != 0.0) return false;
    }
  }
  return true;
}

CudaLcpKernel choose_cuda_lcp_kernel(const DenseMatrix& M, LcpSelection selection) {
  const std::string size = std::to_string(M.rows());
  if (selection == LcpSelection::least_norm) {
    throw InputError("backend", "the cuda LCP back end has no least-norm solver; use --backend serial or openmp");
  }
  if (M.rows() >= 1 && M.rows() <= kernels::kSmallLcpMaxSize) return CudaLcpKernel::small_enumeration;
  if (is_tridiagonal(M) && is_z_matrix(M) && is_p_matrix(M).value_or(false)) {
    return CudaLcpKernel::tridiagonal_howard;
  }
  throw InputError("backend",
                   "the cuda LCP back end solves LCPs of size <= 8 or with a tridiagonal M-matrix; "
                   "this one (n = " +
                       size + ") needs --backend serial or openmp");
}

LcpOutcome solve_like_cuda_kernel(CudaLcpKernel kernel, const DenseMatrix& M, LcpSelection selection, double tolerance,
                                  const Vector& q, Vector& y) {
  const int n = static_cast<int>(M.rows());
  if (y.size() != n) y = Vector::Zero(n);
  if (kernel == CudaLcpKernel::small_enumeration) {
    const int code = kernels::solve_small_lcp(
        n, M.data(), q.data(),
        selection == LcpSelection::least_element ? kernels::kSelectLeastElement : kernels::kSelectUnique, tolerance,
        y.data());
    return {status_of_kernel_code(code), 1 << n};
  }
  Vector lower = Vector::Zero(n), upper = Vector::Zero(n);
  for (int i = 1; i < n; ++i) lower[i] = M(i, i - 1);
  for (int i = 0; i + 1 < n; ++i) upper[i] = M(i, i + 1);
  const Vector diagonal = M.diagonal();
  std::vector<double> buffers(static_cast<std::size_t>(8 * n));
  std::vector<int> active(static_cast<std::size_t>(n));
  kernels::SequentialTeam team;
  int iterations = 0;
  const int code =
      kernels::solve_tridiagonal_lcp(team, n, lower.data(), diagonal.data(), upper.data(), q.data(), true, tolerance,
                                     n + 5, {buffers.data(), active.data()}, y.data(), iterations);
  return {status_of_kernel_code(code), iterations};
}

}  // namespace relcp::dcs
