#include <cuda_runtime.h>

#include <algorithm>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "core/stopwatch.hpp"
#include "dcs/batched/batched_lcp_cuda.hpp"
#include "dcs/batched/device_lcp_batch_cuda.hpp"
#include "dcs/batched/lcp_kernels_cuda.hpp"

namespace relcp::dcs {
namespace {

constexpr int kSmallThreads = 128;
constexpr std::size_t kDefaultSharedBytes = 48 * 1024;
// Below this many LCPs per multiprocessor the enumeration runs one warp per LCP.
constexpr int kWarpBatchLimitPerMultiprocessor = 32;

__global__ void small_lcp_kernel(int n, int count, const double* M, const double* Q, int selection, double tolerance,
                                 double* Y, int* status, int* iterations) {
  for (int j = blockIdx.x * blockDim.x + threadIdx.x; j < count; j += gridDim.x * blockDim.x) {
    double y[kernels::kSmallLcpMaxSize];
    const std::int64_t offset = static_cast<std::int64_t>(j) * n;
    status[j] = kernels::solve_small_lcp(n, M, Q + offset, selection, tolerance, y);
    iterations[j] = 1 << n;
    for (int i = 0; i < n; ++i) Y[offset + i] = y[i];
  }
}

// One warp per LCP: lane L scans the index sets L, L + 32, ...; the lanes' best candidates are
// merged by preferred_candidate, so the selection is that of solve_small_lcp.
__global__ void small_lcp_warp_kernel(int n, int count, const double* M, const double* Q, int selection,
                                      double tolerance, double* Y, int* status, int* iterations) {
  constexpr unsigned kAll = 0xffffffffu;
  const int lane = static_cast<int>(threadIdx.x % 32);
  const int warps = static_cast<int>(blockDim.x / 32);
  for (int j = blockIdx.x * warps + static_cast<int>(threadIdx.x / 32); j < count; j += gridDim.x * warps) {
    const std::int64_t offset = static_cast<std::int64_t>(j) * n;
    if (lane == 0) iterations[j] = 1 << n;
    double pivot_floor = 0.0;
    const int code = kernels::small_lcp_pivot_floor(n, M, Q + offset, pivot_floor);
    if (code != kernels::kLcpConverged) {
      if (lane == 0) status[j] = code;
      continue;  // the same for every lane of the warp
    }
    double y[kernels::kSmallLcpMaxSize];
    const kernels::SmallLcpCandidate mine = kernels::best_small_lcp_candidate(
        n, M, Q + offset, selection, tolerance, pivot_floor, static_cast<unsigned>(lane), 32u, y);
    kernels::SmallLcpCandidate best = mine;
    for (int step = 16; step > 0; step /= 2) {
      kernels::SmallLcpCandidate other;
      other.found = __shfl_down_sync(kAll, best.found ? 1 : 0, step) != 0;
      other.mask = __shfl_down_sync(kAll, best.mask, step);
      other.sum = __shfl_down_sync(kAll, best.sum, step);
      other.residual = __shfl_down_sync(kAll, best.residual, step);
      if (lane + step < 32 && kernels::preferred_candidate(other, best, selection)) best = other;
    }
    const bool found = __shfl_sync(kAll, best.found ? 1 : 0, 0) != 0;
    const unsigned winner = __shfl_sync(kAll, best.mask, 0);
    if (!found) {
      if (lane == 0) status[j] = kernels::kLcpInfeasible;
      if (lane < n) Y[offset + lane] = 0.0;
    } else if (mine.found && mine.mask == winner) {
      status[j] = kernels::kLcpConverged;
      for (int i = 0; i < n; ++i) Y[offset + i] = y[i];
    }
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

__global__ void tridiagonal_lcp_kernel(int n, int count, const double* lower, const double* diag, const double* upper,
                                       const double* Q, double tolerance, int max_iterations, double* Y, int* status,
                                       int* iterations) {
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
    const int count = static_cast<int>(Q.cols());
    if (M.rows() != Q.rows()) {
      throw InputError("Q", "the batch has " + std::to_string(Q.rows()) + " rows but M is " + std::to_string(M.rows()) +
                                " x " + std::to_string(M.cols()));
    }
    if (count == 0 || Q.rows() == 0) {
      for (LcpOutcome& outcome : outcomes) outcome = {lcp::Status::converged, 0};
      return summarize(outcomes);
    }
    const std::lock_guard<std::mutex> lock(mutex_);
    const DeviceLcpBatch& batch = batch_for(solver);
    const auto size = static_cast<std::size_t>(Q.size());
    std::vector<int> status(static_cast<std::size_t>(count));
    std::vector<int> iterations(static_cast<std::size_t>(count));

    Stopwatch copy;
    q_.upload(Q.data(), size);
    y_.upload(Y.data(), size);
    status_.resize(status.size());
    iterations_.resize(iterations.size());
    double transfer = copy.seconds();
    batch.launch(q_.data(), y_.data(), status_.data(), iterations_.data(), count);
    check_cuda(cudaDeviceSynchronize(), "batched LCP kernel");
    copy.restart();
    y_.download(Y.data(), size);
    status_.download(status.data(), status.size());
    iterations_.download(iterations.data(), iterations.size());
    transfer += copy.seconds();

    for (std::size_t j = 0; j < status.size(); ++j) outcomes[j] = {status_of_kernel_code(status[j]), iterations[j]};
    LcpBatchReport report = summarize(outcomes);
    report.solve_seconds = watch.seconds();
    report.transfer_seconds = transfer;
    return report;
  }

 private:
  // The choice checks the M-matrix property (O(n^3)); the iterations pass the same M every time.
  const DeviceLcpBatch& batch_for(const LcpSelectionSolver& solver) const {
    const DenseMatrix& M = solver.matrix();
    if (!batch_ || chosen_selection_ != solver.selection() || chosen_tolerance_ != solver.tolerance() ||
        chosen_for_.rows() != M.rows() || chosen_for_ != M) {
      batch_ = std::make_unique<DeviceLcpBatch>(solver);
      chosen_for_ = M;
      chosen_selection_ = solver.selection();
      chosen_tolerance_ = solver.tolerance();
    }
    return *batch_;
  }

  mutable std::mutex mutex_;
  mutable std::unique_ptr<DeviceLcpBatch> batch_;
  mutable DenseMatrix chosen_for_;
  mutable LcpSelection chosen_selection_ = LcpSelection::unique;
  mutable double chosen_tolerance_ = 0.0;
  mutable DeviceBuffer<double> q_, y_;
  mutable DeviceBuffer<int> status_, iterations_;
};

}  // namespace

DeviceLcpBatch::DeviceLcpBatch(const LcpSelectionSolver& solver)
    : kernel_(choose_cuda_lcp_kernel(solver.matrix(), solver.selection())),
      n_(static_cast<int>(solver.matrix().rows())),
      selection_code_(solver.selection() == LcpSelection::least_element ? kernels::kSelectLeastElement
                                                                        : kernels::kSelectUnique),
      tolerance_(solver.tolerance()) {
  const DenseMatrix& M = solver.matrix();
  int device = 0;
  check_cuda(cudaGetDevice(&device), "cudaGetDevice");
  check_cuda(cudaDeviceGetAttribute(&multiprocessors_, cudaDevAttrMultiProcessorCount, device), "multiprocessors");
  if (kernel_ == CudaLcpKernel::small_enumeration) {
    matrix_.upload(M.data(), static_cast<std::size_t>(M.size()));
    return;
  }
  const int n = n_;
  std::vector<double> diagonals(static_cast<std::size_t>(3 * n), 0.0);  // lower, diag, upper
  for (int i = 0; i < n; ++i) {
    diagonals[static_cast<std::size_t>(i)] = i > 0 ? M(i, i - 1) : 0.0;
    diagonals[static_cast<std::size_t>(n + i)] = M(i, i);
    diagonals[static_cast<std::size_t>(2 * n + i)] = i + 1 < n ? M(i, i + 1) : 0.0;
  }
  matrix_.upload(diagonals.data(), diagonals.size());
  shared_bytes_ = static_cast<std::size_t>(8 * n) * sizeof(double) + static_cast<std::size_t>(n) * sizeof(int);
  if (shared_bytes_ > kDefaultSharedBytes) {
    int limit = 0;
    check_cuda(cudaDeviceGetAttribute(&limit, cudaDevAttrMaxSharedMemoryPerBlockOptin, device), "shared memory limit");
    if (shared_bytes_ > static_cast<std::size_t>(limit)) {
      throw InputError("backend", "the tridiagonal LCPs (n = " + std::to_string(n) +
                                      ") do not fit in one block's shared memory; use --backend openmp");
    }
    check_cuda(cudaFuncSetAttribute(tridiagonal_lcp_kernel, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                    static_cast<int>(shared_bytes_)),
               "cudaFuncSetAttribute");
  }
}

void DeviceLcpBatch::launch(const double* q, double* y, int* status, int* iterations, int count) const {
  if (count == 0) return;
  // A warp per LCP fills the GPU on small batches; on large ones one thread per LCP wins, because
  // its warps scan the same index sets in lockstep while a warp's lanes take sets of different
  // sizes and diverge (H200, n = 8: 8x faster at 512 LCPs, 2-4x slower from 16384 on).
  if (kernel_ == CudaLcpKernel::small_enumeration && n_ >= kernels::kWarpEnumerationMinSize &&
      count < kWarpBatchLimitPerMultiprocessor * multiprocessors_) {
    const int lcps_per_block = kSmallThreads / 32;
    const int blocks = std::min((count + lcps_per_block - 1) / lcps_per_block, 65535 * 16);
    small_lcp_warp_kernel<<<blocks, kSmallThreads>>>(n_, count, matrix_.data(), q, selection_code_, tolerance_, y,
                                                     status, iterations);
    check_launch("small_lcp_warp_kernel");
    return;
  }
  if (kernel_ == CudaLcpKernel::small_enumeration) {
    const int blocks = std::min((count + kSmallThreads - 1) / kSmallThreads, 65535);
    small_lcp_kernel<<<blocks, kSmallThreads>>>(n_, count, matrix_.data(), q, selection_code_, tolerance_, y, status,
                                                iterations);
    check_launch("small_lcp_kernel");
    return;
  }
  const int threads = std::min(256, std::max(32, (n_ + 31) / 32 * 32));
  tridiagonal_lcp_kernel<<<std::min(count, 65535), threads, shared_bytes_>>>(
      n_, count, matrix_.data(), matrix_.data() + n_, matrix_.data() + 2 * n_, q, tolerance_, n_ + 5, y, status,
      iterations);
  check_launch("tridiagonal_lcp_kernel");
}

std::unique_ptr<BatchedLcpBackend> make_cuda_batched_lcp() { return std::make_unique<CudaBatchedLcp>(); }

}  // namespace relcp::dcs
