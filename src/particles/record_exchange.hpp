#pragma once
// All-to-all exchange of fixed-size records of doubles (MPI_Alltoall of counts, then
// MPI_Alltoallv of the data).

#include <mpi.h>

#include <vector>

namespace relcp::particles {

struct ReceivedRecords {
  std::vector<double> data;       // records from rank 0 first, then rank 1, ...
  std::vector<int> records_from;  // number of records from each source rank
  bool any_flag = false;          // some rank raised its flag
};

// Collective. outgoing[r] holds whole records (record_size doubles each) for rank r, this rank
// included; outgoing.size() must equal the communicator size. `flag` rides along with the
// counts, so that a condition every rank must learn about costs no extra synchronisation.
ReceivedRecords exchange_records(MPI_Comm comm, const std::vector<std::vector<double>>& outgoing, int record_size,
                                 bool flag = false);

}  // namespace relcp::particles
