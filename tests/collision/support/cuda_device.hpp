#pragma once
// For the gpu-labelled tests: whether every rank sees a CUDA device (they skip otherwise).

#include <mpi.h>

#include "collision/device/device_contact_operator.hpp"

namespace relcp::collision::testing {

inline bool device_on_every_rank() {
  const char* reason = "";
  int count = device::visible_device_count(&reason);
  MPI_Allreduce(MPI_IN_PLACE, &count, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
  return count > 0;
}

}  // namespace relcp::collision::testing
