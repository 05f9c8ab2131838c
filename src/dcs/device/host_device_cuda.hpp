#pragma once
// RELCP_HOST_DEVICE (core/host_device.hpp), and the execution-space check switch that templates
// shared by kernels and host tests need.

#include "core/host_device.hpp"

#if defined(__CUDACC__)
// Templates instantiated with a device-only team (threadIdx, __syncthreads) from kernels and with
// a host team from tests: each instantiation is only called from its own side.
#define RELCP_EXEC_CHECK_DISABLE _Pragma("nv_exec_check_disable")
#else
#define RELCP_EXEC_CHECK_DISABLE
#endif
