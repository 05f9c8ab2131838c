#pragma once
// Marks functions that run both on the host and in CUDA kernels. Without nvcc the marker is
// empty, so the per-element logic of the kernels compiles (and is tested) as plain C++.

#if defined(__CUDACC__)
#define RELCP_HOST_DEVICE __host__ __device__
#else
#define RELCP_HOST_DEVICE
#endif
