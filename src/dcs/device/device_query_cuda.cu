#include <cuda_runtime.h>

#include <cstdio>
#include <string>

#include "dcs/device/device_query_cuda.hpp"

namespace relcp::dcs {

CudaDeviceStatus query_cuda_devices() {
  int count = 0;
  const cudaError_t error = cudaGetDeviceCount(&count);
  if (error != cudaSuccess) {
    cudaGetLastError();  // clear the error so later runtime calls are not affected
    return {true, 0, std::string("no usable CUDA device (") + cudaGetErrorString(error) + ")"};
  }
  if (count == 0) return {true, 0, "no CUDA device is present"};
  cudaDeviceProp properties{};
  if (cudaGetDeviceProperties(&properties, 0) != cudaSuccess) return {true, 0, "the CUDA device could not be queried"};
  char memory[32];
  std::snprintf(memory, sizeof(memory), "%.1f GiB", static_cast<double>(properties.totalGlobalMem) / (1u << 30));
  return {true, count,
          std::string(properties.name) + ", " + memory + ", compute capability " + std::to_string(properties.major) +
              "." + std::to_string(properties.minor)};
}

}  // namespace relcp::dcs
