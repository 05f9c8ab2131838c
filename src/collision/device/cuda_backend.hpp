#pragma once
// Choosing the CUDA back end of the contact solve (docs/gpu.md): the refusals, and one device
// per rank. C++17.

#include <mpi.h>

#include <string>

namespace relcp::collision {

// Whether this build has the CUDA back ends (RELCP_CUDA).
bool cuda_backend_built();

// Collective. Makes each rank use the device (its rank on the node) mod (the devices it sees)
// and returns the device's description. Throws, on every rank alike, InputError (key "backend")
// in a build without CUDA and RunTimeFailure when some rank sees no device.
std::string select_cuda_device(MPI_Comm comm);

// Collective. select_cuda_device once per process; later calls return its answer at once.
const std::string& ensure_cuda_device(MPI_Comm comm);

}  // namespace relcp::collision
