#include "dcs/device/device_query_cuda.hpp"

#include "core/error.hpp"

namespace relcp::dcs {

#ifndef RELCP_HAVE_CUDA
CudaDeviceStatus query_cuda_devices() { return {false, 0, "relcp was built without CUDA (RELCP_CUDA=OFF or no nvcc)"}; }
#endif

void require_cuda_device() {
  const CudaDeviceStatus status = query_cuda_devices();
  if (!status.built) throw InputError("backend", "backend 'cuda' is not available: " + status.description);
  if (status.device_count == 0) throw RunTimeFailure("backend 'cuda': " + status.description);
}

}  // namespace relcp::dcs
