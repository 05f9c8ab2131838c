#pragma once
// Whether the CUDA back ends can run here: relcp built with CUDA (RELCP_HAVE_CUDA) and at least
// one device visible to the runtime. Without a CUDA build the answers are "no device" with the
// reason, so callers and tests need no CUDA headers.

#include <string>

namespace relcp::dcs {

struct CudaDeviceStatus {
  bool built = false;  // this build has the CUDA back ends
  int device_count = 0;
  std::string description;  // the first device's name and memory, or why there is none
};

CudaDeviceStatus query_cuda_devices();

// Throws InputError (key "backend", exit code 2) in a build without CUDA and RunTimeFailure
// (exit code 3) when no device is visible, as make_batched_lcp_backend does.
void require_cuda_device();

}  // namespace relcp::dcs
