#pragma once
// Marks functions that run both on the host and in CUDA kernels. Without nvcc the markers are
// empty, so the per-thread logic of the kernels compiles (and is tested) as plain C++.

#if defined(__CUDACC__)
#define RELCP_HOST_DEVICE __host__ __device__
// Templates instantiated with a device-only team (threadIdx, __syncthreads) from kernels and with
// a host team from tests: each instantiation is only called from its own side.
#define RELCP_EXEC_CHECK_DISABLE _Pragma("nv_exec_check_disable")
#else
#define RELCP_HOST_DEVICE
#define RELCP_EXEC_CHECK_DISABLE
#endif
