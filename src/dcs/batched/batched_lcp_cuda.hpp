#pragma once
// The CUDA back end of the batched LCPs (batched_lcp.hpp): all columns of Q in one kernel launch.
//  - n <= 8: one thread per LCP, enumeration of the 2^n complementary index sets
//    (kernels::solve_small_lcp); selections `unique` (P-matrix) and `least-element` (Z-matrix).
//  - tridiagonal nonsingular M-matrix (the Signorini M = tridiag(-1, 4, -1)): one thread block
//    per LCP, Howard's policy iteration with parallel cyclic reduction solves
//    (kernels::solve_tridiagonal_lcp); unique and least element coincide there.
// Other LCPs (larger dense M, the least-norm selection) are refused with an InputError that
// names the CPU back ends. The kernel logic is plain C++ (lcp_kernels_cuda.hpp), so
// solve_like_cuda_kernel() runs exactly the per-LCP algorithm of the device on the host.

#include <memory>

#include "dcs/batched/batched_lcp.hpp"
#include "dcs/batched/lcp_selection.hpp"
#include "dcs/types.hpp"

namespace relcp::dcs {

enum class CudaLcpKernel { small_enumeration, tridiagonal_howard };

// Throws InputError (key "backend") when neither kernel applies to M and the selection.
CudaLcpKernel choose_cuda_lcp_kernel(const DenseMatrix& M, LcpSelection selection);

bool is_tridiagonal(const DenseMatrix& M);

// kernels::LcpKernelStatus -> lcp::Status.
lcp::Status status_of_kernel_code(int code);

// One LCP by the per-LCP algorithm of the CUDA kernel, on the host. y: warm start on entry
// (used by the tridiagonal kernel when its size is n), the solution on exit.
LcpOutcome solve_like_cuda_kernel(CudaLcpKernel kernel, const DenseMatrix& M, LcpSelection selection, double tolerance,
                                  const Vector& q, Vector& y);

// Defined only in CUDA builds (batched_lcp_cuda.cu); make_batched_lcp_backend("cuda") calls it
// after checking that a device is present.
std::unique_ptr<BatchedLcpBackend> make_cuda_batched_lcp();

}  // namespace relcp::dcs
