#include "io/hdf5/hdf5_rows.hpp"

#include <array>
#include <cstdint>

#include "core/error.hpp"
#include "io/faults/collective_agreement.hpp"
#include "io/faults/fault_injection.hpp"
#include "io/hdf5/hdf5_file.hpp"

namespace relcp::io::hdf5 {
namespace {

int rank_of(hsize_t columns) { return columns == 0 ? 1 : 2; }

// The selection of rows [first, first + count) in a dataspace of `rows` rows.
Handle row_selection(hsize_t rows, hsize_t columns, hsize_t first, hsize_t count) {
  const std::array<hsize_t, 2> dims{rows, columns};
  Handle space(H5Screate_simple(rank_of(columns), dims.data(), nullptr), "create a dataspace");
  if (count == 0) {
    check(H5Sselect_none(space), "select no rows");
  } else {
    const std::array<hsize_t, 2> start{first, 0};
    const std::array<hsize_t, 2> extent{count, columns};
    check(H5Sselect_hyperslab(space, H5S_SELECT_SET, start.data(), nullptr, extent.data(), nullptr), "select rows");
  }
  return space;
}

Handle memory_space(hsize_t count, hsize_t columns) {
  const std::array<hsize_t, 2> dims{count, columns};
  Handle space(H5Screate_simple(rank_of(columns), dims.data(), nullptr), "create a memory dataspace");
  if (count == 0) check(H5Sselect_none(space), "select nothing in memory");
  return space;
}

}  // namespace

RowRange rows_of_rank(MPI_Comm comm, std::size_t local_rows) {
  const auto mine = static_cast<std::uint64_t>(local_rows);
  std::uint64_t before = 0;
  std::uint64_t total = 0;
  MPI_Exscan(&mine, &before, 1, MPI_UINT64_T, MPI_SUM, comm);
  MPI_Allreduce(&mine, &total, 1, MPI_UINT64_T, MPI_SUM, comm);
  int rank = 0;
  MPI_Comm_rank(comm, &rank);
  if (rank == 0) before = 0;  // MPI_Exscan leaves rank 0's result undefined
  return RowRange{total, before, mine};
}

void write_rows(MPI_Comm comm, hid_t location, const std::string& name, hid_t memory_type, const RowRange& range,
                hsize_t columns, const void* data, hid_t transfer) {
  Handle dataset;
  Handle selection;
  Handle memory;
  on_all_ranks(comm, [&] {
    const std::array<hsize_t, 2> dims{range.total, columns};
    const Handle file_space(H5Screate_simple(rank_of(columns), dims.data(), nullptr),
                            "create the dataspace of " + name);
    dataset = Handle(H5Dcreate2(location, name.c_str(), memory_type, file_space, H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT),
                     "create dataset " + name);
    if (range.total == 0) return;
    selection = row_selection(range.total, columns, range.first, range.count);
    memory = memory_space(range.count, columns);
  });
  if (range.total == 0) return;  // every rank agrees: nothing to transfer
  // Every rank gets here: the collective write starts everywhere or nowhere.
  on_all_ranks(comm, [&] {
    // HDF5 rejects a null buffer even for an empty selection.
    static const double kNothing = 0.0;
    check(H5Dwrite(dataset, memory_type, memory, selection, transfer, data != nullptr ? data : &kNothing),
          "write dataset " + name);
    // After the call, so that an injected failure leaves the collective calls in step.
    fault_point(FaultOperation::write, "HDF5: cannot write dataset " + name);
  });
}

DatasetShape dataset_shape(hid_t location, const std::string& name) {
  const Handle dataset(H5Dopen2(location, name.c_str(), H5P_DEFAULT), "open dataset " + name);
  const Handle space(H5Dget_space(dataset), "get the dataspace of " + name);
  const int dimensions = H5Sget_simple_extent_ndims(space);
  if (dimensions < 1 || dimensions > 2) throw RunTimeFailure("HDF5: dataset " + name + " is not 1-D or 2-D");
  std::array<hsize_t, 2> dims{0, 0};
  H5Sget_simple_extent_dims(space, dims.data(), nullptr);
  return DatasetShape{dims[0], dimensions == 2 ? dims[1] : 0};
}

void read_rows(hid_t location, const std::string& name, hid_t memory_type, hsize_t first, hsize_t count,
               hsize_t columns, void* data, hid_t transfer) {
  const DatasetShape shape = dataset_shape(location, name);
  if (shape.columns != columns || first + count > shape.rows) {
    throw RunTimeFailure("HDF5: dataset " + name + " does not have the expected shape");
  }
  if (shape.rows == 0) return;
  const Handle dataset(H5Dopen2(location, name.c_str(), H5P_DEFAULT), "open dataset " + name);
  const Handle selection = row_selection(shape.rows, columns, first, count);
  const Handle memory = memory_space(count, columns);
  double nothing = 0.0;
  check(H5Dread(dataset, memory_type, memory, selection, transfer, data != nullptr ? data : &nothing),
        "read dataset " + name);
  fault_point(FaultOperation::read, "HDF5: cannot read dataset " + name);
}

}  // namespace relcp::io::hdf5
