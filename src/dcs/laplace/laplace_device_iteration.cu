#include <cuda_runtime.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <utility>
#include <vector>

#include "core/stopwatch.hpp"
#include "dcs/batched/batched_lcp_cuda.hpp"
#include "dcs/batched/device_lcp_batch_cuda.hpp"
#include "dcs/device/device_buffer_cuda.hpp"
#include "dcs/device/grid_stride_cuda.hpp"
#include "dcs/laplace/contour_sums_device_cuda.hpp"
#include "dcs/laplace/laplace_device_iteration.hpp"

namespace relcp::dcs {
namespace {

constexpr int kThreads = kGridStrideThreads;
constexpr int kTile = 16;

// What one iteration copies back to the host.
struct IterationSummary {
  unsigned long long change_bits;  // max |x_new - x_old| as the bits of a non-negative double
  long long lcp_iterations;
  int failures;
  int first_failure;       // the first column whose LCP did not converge, or -1
  int first_failure_code;  // its kernel status
  int padding;
};

// q(:, j) = N x_{j+1} + g(t_{j+1}), j = 0..J-1; N in compressed rows.
__global__ void constraint_rhs_kernel(int n, int steps, std::int64_t m, const int* row_start, const int* column,
                                      const double* value, const double* X, const double* offsets, double* q) {
  const std::int64_t items = static_cast<std::int64_t>(n) * steps;
  for (std::int64_t idx = blockIdx.x * static_cast<std::int64_t>(blockDim.x) + threadIdx.x; idx < items;
       idx += static_cast<std::int64_t>(gridDim.x) * blockDim.x) {
    const std::int64_t j = idx / n;
    const int i = static_cast<int>(idx - j * n);
    const double* x = X + (j + 1) * m;
    double sum = 0.0;
    for (int k = row_start[i]; k < row_start[i + 1]; ++k) sum += value[k] * x[column[k]];
    q[idx] = sum + offsets[idx];
  }
}

// One block: failures, the first failure and the iteration count of a finished LCP batch.
__global__ void lcp_summary_kernel(int count, const int* status, const int* iterations, IterationSummary* summary) {
  __shared__ int failures[kThreads];
  __shared__ int first[kThreads];
  __shared__ long long used[kThreads];
  int my_failures = 0, my_first = count;
  long long my_used = 0;
  for (int j = threadIdx.x; j < count; j += blockDim.x) {
    my_used += iterations[j];
    if (status[j] != 0) {
      ++my_failures;
      my_first = min(my_first, j);
    }
  }
  failures[threadIdx.x] = my_failures;
  first[threadIdx.x] = my_first;
  used[threadIdx.x] = my_used;
  __syncthreads();
  for (int stride = blockDim.x / 2; stride > 0; stride /= 2) {
    if (threadIdx.x < stride) {
      failures[threadIdx.x] += failures[threadIdx.x + stride];
      first[threadIdx.x] = min(first[threadIdx.x], first[threadIdx.x + stride]);
      used[threadIdx.x] += used[threadIdx.x + stride];
    }
    __syncthreads();
  }
  if (threadIdx.x == 0) {
    summary->failures = failures[0];
    summary->first_failure = failures[0] > 0 ? first[0] : -1;
    summary->first_failure_code = failures[0] > 0 ? status[first[0]] : 0;
    summary->lcp_iterations = used[0];
  }
}

// chat(:, l) = S_Q (y_l + s_l): y_0 is the initial solution, y_l (l >= 1) the batch's column l - 1.
__global__ void spectral_sources_kernel(int Q, int points, const double* S, const double* y0, const double* y_batch,
                                        const double* sampled, double* spectral_sources) {
  const std::int64_t items = static_cast<std::int64_t>(Q) * points;
  for (std::int64_t idx = blockIdx.x * static_cast<std::int64_t>(blockDim.x) + threadIdx.x; idx < items;
       idx += static_cast<std::int64_t>(gridDim.x) * blockDim.x) {
    const std::int64_t l = idx / Q;
    const int k = static_cast<int>(idx - l * Q);
    const double* y = l == 0 ? y0 : y_batch + (l - 1) * Q;
    const double* s = sampled + l * Q;
    double sum = 0.0;
    for (int i = 0; i < Q; ++i) sum += S[k + static_cast<std::int64_t>(i) * Q] * (y[i] + s[i]);
    spectral_sources[idx] = sum;
  }
}

// decayed(k, j) = e^{lambda_k t_j} xhat0_k, t_j = j h: the spectral free response.
__global__ void decayed_modes_kernel(std::int64_t modes, int points, double h, const double* eigenvalues,
                                     const double* spectral_x0, double* decayed) {
  const std::int64_t items = modes * points;
  for (std::int64_t idx = blockIdx.x * static_cast<std::int64_t>(blockDim.x) + threadIdx.x; idx < items;
       idx += static_cast<std::int64_t>(gridDim.x) * blockDim.x) {
    const std::int64_t j = idx / modes;
    const std::int64_t k = idx - j * modes;
    decayed[idx] = exp(eigenvalues[k] * (static_cast<double>(j) * h)) * spectral_x0[k];
  }
}

__device__ double warp_max(double value) {
  for (int offset = 16; offset > 0; offset /= 2) value = fmax(value, __shfl_down_sync(0xffffffffu, value, offset));
  return value;
}

// C_b = A_b B_b for the Q x Q column-major blocks b = 0..batch-1 (stride 0: one matrix for all).
// kFinish: C_b = A_b B_b + add_b, and the largest |C_b - previous_b| goes to change_bits.
template <bool kFinish>
__global__ void batched_product_kernel(int Q, int batch, const double* A, std::int64_t a_stride, const double* B,
                                       std::int64_t b_stride, double* C, const double* add, const double* previous,
                                       unsigned long long* change_bits) {
  __shared__ double a_tile[kTile][kTile + 1];
  __shared__ double b_tile[kTile][kTile + 1];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int row = blockIdx.x * kTile + tx;
  const int col = blockIdx.y * kTile + ty;
  const std::int64_t block = static_cast<std::int64_t>(Q) * Q;
  for (int b = blockIdx.z; b < batch; b += gridDim.z) {
    const double* Ab = A + b * a_stride;
    const double* Bb = B + b * b_stride;
    double sum = 0.0;
    for (int t = 0; t < Q; t += kTile) {
      a_tile[tx][ty] = row < Q && t + ty < Q ? Ab[row + static_cast<std::int64_t>(t + ty) * Q] : 0.0;
      b_tile[tx][ty] = t + tx < Q && col < Q ? Bb[(t + tx) + static_cast<std::int64_t>(col) * Q] : 0.0;
      __syncthreads();
#pragma unroll
      for (int k = 0; k < kTile; ++k) sum += a_tile[tx][k] * b_tile[k][ty];
      __syncthreads();
    }
    double change = 0.0;
    if (row < Q && col < Q) {
      const std::int64_t at = b * block + row + static_cast<std::int64_t>(col) * Q;
      if constexpr (kFinish) {
        sum += add[at];
        change = fabs(sum - previous[at]);
      }
      C[at] = sum;
    }
    if constexpr (kFinish) {
      change = warp_max(change);
      if ((threadIdx.x + threadIdx.y * kTile) % 32 == 0 && change > 0.0) {
        atomicMax(change_bits, static_cast<unsigned long long>(__double_as_longlong(change)));
      }
    }
  }
}

class Events {
 public:
  explicit Events(int count) : events_(static_cast<std::size_t>(count)) {
    for (cudaEvent_t& event : events_) check_cuda(cudaEventCreate(&event), "cudaEventCreate");
  }
  Events(const Events&) = delete;
  Events& operator=(const Events&) = delete;
  ~Events() {
    for (cudaEvent_t event : events_) cudaEventDestroy(event);
  }
  void record(int i) { check_cuda(cudaEventRecord(events_[static_cast<std::size_t>(i)]), "cudaEventRecord"); }
  double seconds(int from, int to) const {
    float ms = 0.0f;
    check_cuda(
        cudaEventElapsedTime(&ms, events_[static_cast<std::size_t>(from)], events_[static_cast<std::size_t>(to)]),
        "cudaEventElapsedTime");
    return 1e-3 * ms;
  }
  void wait(int i) const { check_cuda(cudaEventSynchronize(events_[static_cast<std::size_t>(i)]), "kernels"); }

 private:
  std::vector<cudaEvent_t> events_;
};

template <class T>
DeviceBuffer<T> uploaded(const T* data, std::size_t count) {
  DeviceBuffer<T> buffer;
  buffer.upload(data, count);
  return buffer;
}

}  // namespace

void iterate_laplace_on_device(const SineSpectralSetup& setup, const DlcpProblem& problem, const DenseMatrix& offsets,
                               const LcpSelectionSolver& lcp_solver, const LaplaceOptions& options,
                               DlcpTrajectory& trajectory, LaplaceReport& report) {
  const int Q = setup.side;
  const std::int64_t m = static_cast<std::int64_t>(Q) * Q;
  const int n = static_cast<int>(problem.constraint_size());
  const int J = static_cast<int>(trajectory.grid.steps);
  const int points = J + 1;
  const auto states = static_cast<std::size_t>(m * points);

  Stopwatch upload;
  RowSparseMatrix N = problem.N;
  N.makeCompressed();
  const DenseMatrix S = sine_matrix(Q);
  DeviceBuffer<double> sine = uploaded(S.data(), static_cast<std::size_t>(S.size()));
  DeviceBuffer<int> row_start = uploaded(N.outerIndexPtr(), static_cast<std::size_t>(n + 1));
  DeviceBuffer<int> column = uploaded(N.innerIndexPtr(), static_cast<std::size_t>(N.nonZeros()));
  DeviceBuffer<double> value = uploaded(N.valuePtr(), static_cast<std::size_t>(N.nonZeros()));
  DeviceBuffer<double> g = uploaded(offsets.data(), static_cast<std::size_t>(offsets.size()));
  DeviceBuffer<double> sampled =
      uploaded(setup.sampled_source.data(), static_cast<std::size_t>(setup.sampled_source.size()));
  DeviceBuffer<double> x_old = uploaded(trajectory.X.data(), states);
  DeviceBuffer<double> eigenvalues = uploaded(setup.modes.eigenvalue.data(), setup.modes.size());
  DeviceBuffer<double> spectral_x0 = uploaded(setup.spectral_x0.data(), static_cast<std::size_t>(m));
  const Vector y0 = trajectory.Y.col(0);
  DeviceBuffer<double> initial_y = uploaded(y0.data(), static_cast<std::size_t>(n));
  DeviceBuffer<double> x_new(states), product(states), spectral(states), free_response(states);
  DeviceBuffer<double> q(static_cast<std::size_t>(n) * J), y_batch(static_cast<std::size_t>(n) * J),
      y_accepted(static_cast<std::size_t>(n) * J), spectral_sources(static_cast<std::size_t>(Q) * points);
  DeviceBuffer<int> status(static_cast<std::size_t>(J)), iterations(static_cast<std::size_t>(J));
  DeviceBuffer<IterationSummary> summary(1);
  y_batch.zero();
  const DeviceLcpBatch lcp(lcp_solver);
  DeviceDiagonalSums sums(setup.tables, setup.modes, Q);
  check_cuda(cudaDeviceSynchronize(), "uploads");
  report.split.transfer += upload.seconds();

  // e^{A t_j} x0 = S diag(e^{lambda t_j}) S x0 for j >= 1; column 0 is x0 itself, as on the host.
  const Stopwatch free_watch;
  const dim3 tile(kTile, kTile);
  const dim3 product_grid((Q + kTile - 1) / kTile, (Q + kTile - 1) / kTile, std::min(points, 65535));
  decayed_modes_kernel<<<grid_stride_blocks(static_cast<std::int64_t>(states)), kThreads>>>(
      m, points, trajectory.grid.h, eigenvalues.data(), spectral_x0.data(), spectral.data());
  check_launch("decayed_modes_kernel");
  batched_product_kernel<false><<<product_grid, tile>>>(Q, points, sine.data(), 0, spectral.data(), m, product.data(),
                                                        nullptr, nullptr, nullptr);
  check_launch("batched_product_kernel");
  batched_product_kernel<false><<<product_grid, tile>>>(Q, points, product.data(), m, sine.data(), 0,
                                                        free_response.data(), nullptr, nullptr, nullptr);
  check_launch("batched_product_kernel");
  check_cuda(cudaMemcpyAsync(free_response.data(), x_old.data(), static_cast<std::size_t>(m) * sizeof(double),
                             cudaMemcpyDeviceToDevice),
             "x0");
  check_cuda(cudaDeviceSynchronize(), "free response");
  report.setup_seconds += free_watch.seconds();

  Events events(6);
  bool accepted_any = false;
  for (int k = 1; k <= options.max_iterations; ++k) {
    events.record(0);
    constraint_rhs_kernel<<<grid_stride_blocks(static_cast<std::int64_t>(n) * J), kThreads>>>(
        n, J, m, row_start.data(), column.data(), value.data(), x_old.data(), g.data(), q.data());
    check_launch("constraint_rhs_kernel");
    events.record(1);
    lcp.launch(q.data(), y_batch.data(), status.data(), iterations.data(), J);
    lcp_summary_kernel<<<1, kThreads>>>(J, status.data(), iterations.data(), summary.data());
    check_launch("lcp_summary_kernel");
    events.record(2);
    check_cuda(cudaMemsetAsync(summary.data(), 0, sizeof(unsigned long long)), "cudaMemsetAsync");
    spectral_sources_kernel<<<grid_stride_blocks(static_cast<std::int64_t>(Q) * points), kThreads>>>(
        Q, points, sine.data(), initial_y.data(), y_batch.data(), sampled.data(), spectral_sources.data());
    check_launch("spectral_sources_kernel");
    events.record(3);
    sums.convolve(spectral_sources.data());
    events.record(4);
    sums.sum(spectral.data());
    batched_product_kernel<false><<<product_grid, tile>>>(Q, points, sine.data(), 0, spectral.data(), m, product.data(),
                                                          nullptr, nullptr, nullptr);
    check_launch("batched_product_kernel");
    batched_product_kernel<true><<<product_grid, tile>>>(Q, points, product.data(), m, sine.data(), 0, x_new.data(),
                                                         free_response.data(), x_old.data(),
                                                         reinterpret_cast<unsigned long long*>(summary.data()));
    check_launch("batched_product_kernel");
    events.record(5);
    events.wait(5);
    Stopwatch copy;
    IterationSummary result{};
    summary.download(&result, 1);
    report.split.transfer += copy.seconds();
    report.split.linear_algebra += events.seconds(0, 1) + events.seconds(2, 3) + events.seconds(4, 5);
    report.split.lcp += events.seconds(1, 2);
    report.split.interpolation += events.seconds(3, 4);
    report.lcp_iterations += result.lcp_iterations;
    report.iterations = k;
    if (result.failures > 0) {
      report.lcp_failed = true;
      report.failure_time = trajectory.grid.t(result.first_failure + 1);
      report.failure_status = status_of_kernel_code(result.first_failure_code);
      break;
    }
    check_cuda(
        cudaMemcpyAsync(y_accepted.data(), y_batch.data(), y_batch.size() * sizeof(double), cudaMemcpyDeviceToDevice),
        "accepted solutions");
    accepted_any = true;
    std::swap(x_old, x_new);
    double change = 0.0;
    std::memcpy(&change, &result.change_bits, sizeof change);
    report.change_history.push_back(change);
    if (change <= options.tolerance) {
      report.converged = true;
      break;
    }
  }

  Stopwatch copy;
  x_old.download(trajectory.X.data(), states);
  if (accepted_any) {
    DenseMatrix accepted(n, J);
    y_accepted.download(accepted.data(), static_cast<std::size_t>(accepted.size()));
    trajectory.Y.rightCols(J) = accepted;
  }
  report.split.transfer += copy.seconds();
}

}  // namespace relcp::dcs
