#pragma once
// This process's rank and the size of a communicator, as values (for MPI tests).

#include <mpi.h>

namespace relcp::testing {

inline int rank_in(MPI_Comm comm) {
  int rank = 0;
  MPI_Comm_rank(comm, &rank);
  return rank;
}

inline int size_of(MPI_Comm comm) {
  int size = 0;
  MPI_Comm_size(comm, &size);
  return size;
}

}  // namespace relcp::testing
