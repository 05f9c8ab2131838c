#pragma once
// The batched LCP kernels on device-resident data, for callers that keep their batch on the GPU
// between launches (the device-resident Laplace iteration) and for the host-facing cuda back end
// (batched_lcp_cuda.cu). For .cu files only (device buffers).

#include "dcs/batched/batched_lcp_cuda.hpp"
#include "dcs/batched/lcp_selection.hpp"
#include "dcs/device/device_buffer_cuda.hpp"

namespace relcp::dcs {

class DeviceLcpBatch {
 public:
  // Chooses the kernel (InputError as choose_cuda_lcp_kernel) and uploads M, or its diagonals.
  explicit DeviceLcpBatch(const LcpSelectionSolver& solver);

  CudaLcpKernel kernel() const { return kernel_; }
  int size() const { return n_; }

  // Launches the batch on the default stream without waiting for it. q, y: n x count column-major
  // device arrays (y: warm start in, solution out); status and iterations: count ints (the kernel
  // codes of lcp_kernels_cuda.hpp, and the iterations, 2^n for the enumeration).
  void launch(const double* q, double* y, int* status, int* iterations, int count) const;

 private:
  CudaLcpKernel kernel_;
  int n_;
  int selection_code_;
  double tolerance_;
  int multiprocessors_ = 1;
  std::size_t shared_bytes_ = 0;  // the tridiagonal kernel's dynamic shared memory
  DeviceBuffer<double> matrix_;   // M (enumeration) or lower, diagonal, upper (tridiagonal)
};

}  // namespace relcp::dcs
