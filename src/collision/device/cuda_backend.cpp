#include "collision/device/cuda_backend.hpp"

#include "collision/device/device_contact_operator.hpp"
#include "core/error.hpp"

namespace relcp::collision {

bool cuda_backend_built() {
#if defined(RELCP_HAVE_CUDA)
  return true;
#else
  return false;
#endif
}

std::string select_cuda_device(MPI_Comm comm) {
  if (!cuda_backend_built()) {
    throw InputError("backend", "cuda needs relcp built with CUDA (cmake -DRELCP_CUDA=ON); this build has none");
  }
  const char* reason = "";
  const int count = device::visible_device_count(&reason);
  int rank = 0;
  MPI_Comm_rank(comm, &rank);
  // The first rank without a device, or -1.
  int mine = count > 0 ? -1 : rank;
  int first_without = -1;
  MPI_Allreduce(&mine, &first_without, 1, MPI_INT, MPI_MAX, comm);
  if (first_without >= 0) {
    throw RunTimeFailure("backend cuda: rank " + std::to_string(first_without) + " sees no CUDA device" +
                         (count == 0 ? std::string(" (") + reason + ")" : std::string()));
  }
  MPI_Comm node;
  MPI_Comm_split_type(comm, MPI_COMM_TYPE_SHARED, rank, MPI_INFO_NULL, &node);
  int node_rank = 0;
  MPI_Comm_rank(node, &node_rank);
  MPI_Comm_free(&node);
  device::use_device(node_rank % count);
  return device::current_device_name();
}

const std::string& ensure_cuda_device(MPI_Comm comm) {
  static std::string selected;
  if (selected.empty()) selected = select_cuda_device(comm);
  return selected;
}

}  // namespace relcp::collision
