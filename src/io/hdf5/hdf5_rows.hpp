#pragma once
// Datasets whose rows are spread over the ranks: rank r's rows follow those of ranks < r.
// Writes are collective (every rank calls with the same name, type and columns, possibly with
// no rows of its own).

#include <hdf5.h>
#include <mpi.h>

#include <cstddef>
#include <string>

namespace relcp::io::hdf5 {

struct RowRange {
  hsize_t total = 0;  // rows on all ranks
  hsize_t first = 0;  // this rank's first row
  hsize_t count = 0;  // this rank's rows
};

// Collective.
RowRange rows_of_rank(MPI_Comm comm, std::size_t local_rows);

// A dataset of range.total rows: 1-D when columns == 0, total x columns otherwise. `data` holds
// this rank's range.count rows, row-major. `transfer`: collective_transfer() in parallel.
// Collective over comm, with agreement on failure (io/faults/collective_agreement.hpp): a
// failure on any rank throws AgreedFailure on every rank.
void write_rows(MPI_Comm comm, hid_t location, const std::string& name, hid_t memory_type, const RowRange& range,
                hsize_t columns, const void* data, hid_t transfer);

struct DatasetShape {
  hsize_t rows = 0;
  hsize_t columns = 0;  // 0 for a 1-D dataset
};
DatasetShape dataset_shape(hid_t location, const std::string& name);

// Reads rows [first, first + count) into `data`; columns must match the dataset. A collective
// `transfer` makes it collective: callers agree on failure around it (on_all_ranks).
void read_rows(hid_t location, const std::string& name, hid_t memory_type, hsize_t first, hsize_t count,
               hsize_t columns, void* data, hid_t transfer);

}  // namespace relcp::io::hdf5
