#include <cuda_runtime.h>

#include <algorithm>
#include <mutex>
#include <string>
#include <vector>

#include "core/stopwatch.hpp"
#include "dcs/batched/batched_lcp_cuda.hpp"
#include "dcs/batched/lcp_kernels_cuda.hpp"
#include "dcs/device/device_buffer_cuda.hpp"

namespace relcp::dcs {
namespace {

constexpr int kSmallThreads = 128;
constexpr std::size_t kDefaultSharedBytes = 48 * 1024;

__global__ void small_lcp_kernel(int n, int count, const double* M, const double* Q, int selection,
                                 double tolerance, double* Y, int* status) {
  for (int j = blockIdx.x * blockDim.x + threadIdx.x; j < count; j += gridDim.x * blockDim.x) {
    double y[kernels::kSmallLcpMaxSize];
    const std::int64_t offset = static_cast<std::int64_t>(j) * n;
    status[j] = kernels::solve_small_lcp(n, M, Q + offset, selection, tolerance, y);
    for (int i = 0; i < n; ++i) Y[offset + i] = y[i];
  }
}

// The threads of one block share one LCP (kernels::solve_tridiagonal_lcp's Team).
struct BlockTeam {
  template <class Function>
  __device__ void for_each(int n, Function&& function) {
    for (int i = threadIdx.x; i < n; i += blockDim.x) function(i);
  }
  __device__ void sync() { __syncthreads(); }
  __device__ bool any(bool flag) { return __syncthreads_or(flag ? 1 : 0) != 0; }
};

__global__ void tridiagonal_lcp_kernel(int n, int count, const double* lower, const double* diag,
                                       const double* upper, const double* Q, double tolerance, int max_iterations,
                                       double* Y, int* status, int* iterations) {
  extern __shared__ double shared[];
  const kernels::TridiagonalWorkspace workspace{shared, reinterpret_cast<int*>(shared + 8 * n)};
  BlockTeam team;
  for (int j = blockIdx.x; j < count; j += gridDim.x) {
    const std::int64_t offset = static_cast<std::int64_t>(j) * n;
    int used = 0;
    const int code = kernels::solve_tridiagonal_lcp(team, n, lower, diag, upper, Q + offset, true, tolerance,
                                                    max_iterations, workspace, Y + offset, used);
    if (threadIdx.x == 0) {
      status[j] = code;
      iterations[j] = used;
    }
    __syncthreads();  // the shared workspace is reused by the block's next LCP
  }
}

class CudaBatchedLcp final : public BatchedLcpBackend {
 public:
  std::string_view name() const override { return "cuda"; }

  LcpBatchReport solve(const LcpSelectionSolver& solver, const DenseMatrix& Q, DenseMatrix& Y,
                       std::vector<LcpOutcome>& outcomes) const override {
    const Stopwatch watch;
    shape_batch(Q, Y, outcomes);
    const DenseMatrix& M = solver.matrix();
    const int n = static_cast<int>(Q.rows());
    const int count = static_cast<int>(Q.cols());
    if (M.rows() != Q.rows()) {
      throw InputError("Q", "the batch has " + std::to_string(Q.rows()) + " rows but M is " +
                                std::to_string(M.rows()) + " x " + std::to_string(M.cols()));
    }
    if (count == 0 || n == 0) {
      for (LcpOutcome& outcome : outcomes) outcome = {lcp::Status::converged, 0};
      return summarize(outcomes);
    }
    const std::lock_guard<std::mutex> lock(mutex_);
    const CudaLcpKernel kernel = kernel_for(M, solver.selection());
    const auto size = static_cast<std::size_t>(Q.size());
    std::vector<int> status(static_cast<std::size_t>(count));
    std::vector<int> iterations(static_cast<std::size_t>(count), 1 << std::min(n, 30));
    double transfer = 0.0;

    Stopwatch copy;
    q_.upload(Q.data(), size);
    y_.upload(Y.data(), size);
    status_.resize(status.size());
    iterations_.resize(iterations.size());
    if (kernel == CudaLcpKernel::small_enumeration) {
      matrix_.upload(M.data(), static_cast<std::size_t>(M.size()));
      transfer += copy.seconds();
      const int blocks = std::min((count + kSmallThreads - 1) / kSmallThreads, 65535);
      small_lcp_kernel<<<blocks, kSmallThreads>>>(
          n, count, matrix_.data(), q_.data(),
          solver.selection() == LcpSelection::least_element ? kernels::kSelectLeastElement : kernels::kSelectUnique,
          solver.tolerance(), y_.data(), status_.data());
      check_launch("small_lcp_kernel");
    } else {
      std::vector<double> diagonals(static_cast<std::size_t>(3 * n), 0.0);  // lower, diag, upper
      for (int i = 0; i < n; ++i) {
        diagonals[static_cast<std::size_t>(i)] = i > 0 ? M(i, i - 1) : 0.0;
        diagonals[static_cast<std::size_t>(n + i)] = M(i, i);
        diagonals[static_cast<std::size_t>(2 * n + i)] = i + 1 < n ? M(i, i + 1) : 0.0;
      }
      matrix_.upload(diagonals.data(), diagonals.size());
      transfer += copy.seconds();
      const std::size_t shared = static_cast<std::size_t>(8 * n) * sizeof(double) + static_cast<std::size_t>(n) * sizeof(int);
      if (shared > kDefaultSharedBytes) {
        int device = 0, limit = 0;
        check_cuda(cudaGetDevice(&device), "cudaGetDevice");
        check_cuda(cudaDeviceGetAttribute(&limit, cudaDevAttrMaxSharedMemoryPerBlockOptin, device), "shared memory limit");
        if (shared > static_cast<std::size_t>(limit)) {
          throw InputError("backend", "the tridiagonal LCPs (n = " + std::to_string(n) +
                                          ") do not fit in one block's shared memory; use --backend openmp");
        }
        check_cuda(cudaFuncSetAttribute(tridiagonal_lcp_kernel, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                        static_cast<int>(shared)),
                   "cudaFuncSetAttribute");
      }
      const int threads = std::min(256, std::max(32, (n + 31) / 32 * 32));
      tridiagonal_lcp_kernel<<<std::min(count, 65535), threads, shared>>>(
          n, count, matrix_.data(), matrix_.data() + n, matrix_.data() + 2 * n, q_.data(), solver.tolerance(),
          n + 5, y_.data(), status_.data(), iterations_.data());
      check_launch("tridiagonal_lcp_kernel");
    }
    check_cuda(cudaDeviceSynchronize(), "batched LCP kernel");
    copy.restart();
    y_.download(Y.data(), size);
    status_.download(status.data(), status.size());
    if (kernel == CudaLcpKernel::tridiagonal_howard) iterations_.download(iterations.data(), iterations.size());
    transfer += copy.seconds();

    for (std::size_t j = 0; j < status.size(); ++j) outcomes[j] = {status_of_kernel_code(status[j]), iterations[j]};
    LcpBatchReport report = summarize(outcomes);
    report.solve_seconds = watch.seconds();
    report.transfer_seconds = transfer;
    return report;
  }

 private:
  // The choice checks the M-matrix property (O(n^3)); the iterations pass the same M every time.
  CudaLcpKernel kernel_for(const DenseMatrix& M, LcpSelection selection) const {
    if (!chosen_ || chosen_selection_ != selection || chosen_for_.rows() != M.rows() || chosen_for_ != M) {
      chosen_kernel_ = choose_cuda_lcp_kernel(M, selection);
      chosen_for_ = M;
      chosen_selection_ = selection;
      chosen_ = true;
    }
    return chosen_kernel_;
  }

  mutable std::mutex mutex_;
  mutable bool chosen_ = false;
  mutable DenseMatrix chosen_for_;
  mutable LcpSelection chosen_selection_ = LcpSelection::unique;
  mutable CudaLcpKernel chosen_kernel_ = CudaLcpKernel::small_enumeration;
  mutable DeviceBuffer<double> matrix_, q_, y_;
  mutable DeviceBuffer<int> status_, iterations_;
};

}  // namespace

std::unique_ptr<BatchedLcpBackend> make_cuda_batched_lcp() { return std::make_unique<CudaBatchedLcp>(); }

}  // namespace relcp::dcs
