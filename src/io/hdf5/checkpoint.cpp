#include "io/hdf5/checkpoint.hpp"

#include <array>
#include <bit>
#include <cstdio>
#include <filesystem>
#include <numeric>

#include "core/error.hpp"
#include "core/memory_budget.hpp"
#include "io/faults/collective_agreement.hpp"
#include "io/faults/fault_injection.hpp"
#include "io/hdf5/hdf5_file.hpp"
#include "io/hdf5/hdf5_rows.hpp"
#include "particles/body_codec.hpp"

namespace relcp::io {
namespace {

constexpr const char* kFormat = "relcp checkpoint 1";

std::int64_t as_stored(std::uint64_t value) { return std::bit_cast<std::int64_t>(value); }
std::uint64_t from_stored(std::int64_t value) { return std::bit_cast<std::uint64_t>(value); }

void write_attributes(hid_t file, const CheckpointState& state, int num_ranks) {
  hdf5::write_attribute(file, "format", std::string(kFormat));
  hdf5::write_attribute(file, "step", state.step);
  hdf5::write_attribute(file, "time", state.time);
  hdf5::write_attribute(file, "dt", state.dt);
  hdf5::write_attribute(file, "seed", as_stored(state.seed));
  hdf5::write_attribute(file, "next_free_id", static_cast<std::int64_t>(state.next_free_id));
  hdf5::write_attribute(file, "num_ranks", static_cast<std::int64_t>(num_ranks));
  hdf5::write_attribute(file, "has_growth", static_cast<std::int64_t>(state.division.has_value()));
  if (state.division) {
    hdf5::write_attribute(file, "growth_seed", as_stored(state.division->seed));
    hdf5::write_attribute(file, "growth_rounds", as_stored(state.division->rounds));
  }
}

void read_attributes(hid_t file, CheckpointState& state) {
  state.step = hdf5::read_int64_attribute(file, "step");
  state.time = hdf5::read_double_attribute(file, "time");
  state.dt = hdf5::read_double_attribute(file, "dt");
  state.seed = from_stored(hdf5::read_int64_attribute(file, "seed"));
  state.next_free_id = hdf5::read_int64_attribute(file, "next_free_id");
  state.num_ranks = static_cast<int>(hdf5::read_int64_attribute(file, "num_ranks"));
  if (hdf5::read_int64_attribute(file, "has_growth") != 0) {
    state.division = dynamics::DivisionRandomState{from_stored(hdf5::read_int64_attribute(file, "growth_seed")),
                                                   from_stored(hdf5::read_int64_attribute(file, "growth_rounds"))};
  }
}

std::vector<double> region_rows(const std::vector<particles::RegionBox>& regions) {
  std::vector<double> rows;
  for (const particles::RegionBox& box : regions) {
    rows.insert(rows.end(), {box.lower[0], box.lower[1], box.lower[2], box.upper[0], box.upper[1], box.upper[2]});
  }
  return rows;
}

// Fails on every rank alike: all ranks see the same file system.
void expect_checkpoint(const std::string& path) {
  if (!std::filesystem::is_regular_file(path)) throw InputError("--restart", path + ": no such checkpoint file");
  if (H5Fis_hdf5(path.c_str()) <= 0) throw InputError("--restart", path + ": not an HDF5 file");
}

// This rank's rows: its own bodies when the writer had as many ranks, a contiguous share
// otherwise.
hdf5::RowRange share_of(MPI_Comm comm, hid_t file, hsize_t total, int writer_ranks) {
  int rank = 0;
  int size = 1;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &size);
  if (writer_ranks == size) {
    std::vector<std::int32_t> owner(total);
    hdf5::read_rows(file, "owner", H5T_NATIVE_INT32, 0, total, 0, owner.data(), H5P_DEFAULT);
    hsize_t first = 0;
    while (first < total && owner[first] < rank) ++first;
    hsize_t end = first;
    while (end < total && owner[end] == rank) ++end;
    return hdf5::RowRange{total, first, end - first};
  }
  const hsize_t first = total * static_cast<hsize_t>(rank) / static_cast<hsize_t>(size);
  const hsize_t end = total * static_cast<hsize_t>(rank + 1) / static_cast<hsize_t>(size);
  return hdf5::RowRange{total, first, end - first};
}

// The length of each writer rank's part of contact_state.
std::vector<std::int64_t> contact_state_lengths(MPI_Comm comm, hid_t file, int writer_ranks) {
  std::vector<std::int64_t> lengths(static_cast<std::size_t>(writer_ranks));
  on_all_ranks(comm, [&] {
    hdf5::read_rows(file, "contact_state_length", H5T_NATIVE_INT64, 0, lengths.size(), 0, lengths.data(), H5P_DEFAULT);
    for (const std::int64_t length : lengths) {
      if (length < 0) throw RunTimeFailure("HDF5: contact_state_length has a negative length");
    }
  });
  return lengths;
}

// Every writer rank's contact state, read by every rank; for a restart on another rank count.
std::vector<std::vector<double>> writer_contact_states(MPI_Comm comm, hid_t file, int writer_ranks, hid_t transfer) {
  std::vector<std::vector<double>> states;
  if (!hdf5::link_exists(file, "contact_state_length")) return states;
  const std::vector<std::int64_t> lengths = contact_state_lengths(comm, file, writer_ranks);
  std::vector<double> all(static_cast<std::size_t>(std::accumulate(lengths.begin(), lengths.end(), std::int64_t{0})));
  on_all_ranks(
      comm, [&] { hdf5::read_rows(file, "contact_state", H5T_NATIVE_DOUBLE, 0, all.size(), 0, all.data(), transfer); });
  std::size_t first = 0;
  for (const std::int64_t length : lengths) {
    const auto begin = all.begin() + static_cast<std::ptrdiff_t>(first);
    states.emplace_back(begin, begin + static_cast<std::ptrdiff_t>(length));
    first += static_cast<std::size_t>(length);
  }
  return states;
}

// This rank's contact_state rows when the writer had as many ranks; empty otherwise.
std::vector<double> contact_state_of_rank(MPI_Comm comm, hid_t file, int writer_ranks, hid_t transfer) {
  int rank = 0;
  int size = 1;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &size);
  std::vector<double> state;
  if (writer_ranks != size || !hdf5::link_exists(file, "contact_state_length")) return state;
  const std::vector<std::int64_t> lengths = contact_state_lengths(comm, file, writer_ranks);
  hsize_t first = 0;
  for (int r = 0; r < rank; ++r) first += static_cast<hsize_t>(lengths[static_cast<std::size_t>(r)]);
  state.resize(static_cast<std::size_t>(lengths[static_cast<std::size_t>(rank)]));
  on_all_ranks(comm, [&] {
    hdf5::read_rows(file, "contact_state", H5T_NATIVE_DOUBLE, first, state.size(), 0, state.data(), transfer);
  });
  return state;
}

}  // namespace

std::string checkpoint_file_name(std::int64_t step) {
  std::array<char, 48> name{};
  std::snprintf(name.data(), name.size(), "checkpoint_%08lld.h5", static_cast<long long>(step));
  return name.data();
}

void write_checkpoint(MPI_Comm comm, const std::string& path, const CheckpointState& state) {
  int rank = 0;
  int size = 1;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &size);
  std::vector<double> records(state.bodies.size() * particles::kBodyRecordSize);
  std::vector<std::int32_t> owner(state.bodies.size(), rank);
  for (std::size_t k = 0; k < state.bodies.size(); ++k) {
    particles::pack_body(state.bodies[k], records.data() + k * particles::kBodyRecordSize);
  }
  const std::string temporary = path + ".tmp";
  // A checkpoint appears under its name complete or not at all; a failure removes the
  // temporary file, so that a full disk is not left fuller.
  const auto remove_temporary = [&] {
    if (rank != 0) return;
    std::error_code ignored;
    std::filesystem::remove(temporary, ignored);
  };
  with_failure_context(
      "cannot write checkpoint " + path,
      [&] {
        {
          hdf5::Handle file = hdf5::open_parallel(comm, temporary, hdf5::FileMode::create);
          on_all_ranks(comm, [&] { write_attributes(file, state, size); });
          const hdf5::Handle transfer = hdf5::collective_transfer();
          const hdf5::RowRange rows = hdf5::rows_of_rank(comm, state.bodies.size());
          hdf5::write_rows(comm, file, "bodies", H5T_NATIVE_DOUBLE, rows, particles::kBodyRecordSize, records.data(),
                           transfer);
          hdf5::write_rows(comm, file, "owner", H5T_NATIVE_INT32, rows, 0, owner.data(), transfer);
          const std::vector<double> regions = region_rows(state.regions);
          const auto region_count = static_cast<hsize_t>(state.regions.size());
          hdf5::RowRange region_range{region_count, 0, rank == 0 ? region_count : 0};
          MPI_Bcast(&region_range.total, 1, MPI_UINT64_T, 0, comm);
          if (rank != 0) region_range.count = 0;
          hdf5::write_rows(comm, file, "regions", H5T_NATIVE_DOUBLE, region_range, 6, regions.data(), transfer);
          const auto state_length = static_cast<std::int64_t>(state.contact_state.size());
          hdf5::write_rows(comm, file, "contact_state_length", H5T_NATIVE_INT64, hdf5::rows_of_rank(comm, 1), 0,
                           &state_length, transfer);
          hdf5::write_rows(comm, file, "contact_state", H5T_NATIVE_DOUBLE,
                           hdf5::rows_of_rank(comm, state.contact_state.size()), 0, state.contact_state.data(),
                           transfer);
          on_all_ranks(comm, [&] { file.close_or_throw("close " + temporary); });
        }
        on_all_ranks(comm, [&] {
          if (rank != 0) return;
          std::error_code error;
          std::filesystem::rename(temporary, path, error);
          if (error) throw RunTimeFailure("cannot rename " + temporary + " to " + path + ": " + error.message());
          fault_point(FaultOperation::write, "cannot rename " + temporary + " to " + path);
        });
      },
      remove_temporary);
}

namespace {

CheckpointState read_checkpoint_file(MPI_Comm comm, const std::string& path) {
  const hdf5::Handle file = hdf5::open_parallel(comm, path, hdf5::FileMode::read_only);
  CheckpointState state;
  hsize_t total = 0;
  // Every rank reads the same file; the agreement keeps a failure on one rank (an I/O error)
  // from leaving the others in the collective read.
  on_all_ranks(comm, [&] {
    if (!H5Aexists(file, "format") || hdf5::read_string_attribute(file, "format") != kFormat) {
      throw InputError("--restart", path + ": not a relcp checkpoint");
    }
    read_attributes(file, state);
    const hsize_t region_count = hdf5::dataset_shape(file, "regions").rows;
    total = hdf5::dataset_shape(file, "bodies").rows;
    const double bytes =
        static_cast<double>(region_count) * 48.0 + static_cast<double>(total) * particles::kBytesPerBodyEstimate;
    if (const auto shortfall = memory_shortfall(bytes)) {
      throw InputError("--restart", path + ": " + std::to_string(total) + " bodies " + *shortfall);
    }
    std::vector<double> regions(region_count * 6);
    hdf5::read_rows(file, "regions", H5T_NATIVE_DOUBLE, 0, region_count, 6, regions.data(), H5P_DEFAULT);
    for (hsize_t r = 0; r < region_count; ++r) {
      const double* box = regions.data() + 6 * r;
      state.regions.push_back(particles::RegionBox{Vec3(box[0], box[1], box[2]), Vec3(box[3], box[4], box[5])});
    }
  });
  hdf5::RowRange share;
  on_all_ranks(comm, [&] { share = share_of(comm, file, total, state.num_ranks); });
  std::vector<double> records(share.count * particles::kBodyRecordSize);
  const hdf5::Handle transfer = hdf5::collective_transfer();
  on_all_ranks(comm, [&] {
    hdf5::read_rows(file, "bodies", H5T_NATIVE_DOUBLE, share.first, share.count, particles::kBodyRecordSize,
                    records.data(), transfer);
  });
  for (hsize_t k = 0; k < share.count; ++k) {
    state.bodies.push_back(particles::unpack_body(records.data() + k * particles::kBodyRecordSize));
  }
  state.contact_state = contact_state_of_rank(comm, file, state.num_ranks, transfer);
  int size = 1;
  MPI_Comm_size(comm, &size);
  if (state.num_ranks != size)
    state.writer_contact_states = writer_contact_states(comm, file, state.num_ranks, transfer);
  return state;
}

}  // namespace

CheckpointState read_checkpoint(MPI_Comm comm, const std::string& path) {
  expect_checkpoint(path);
  // A damaged file (truncated, edited) is bad input like any other: exit 2, not a run failure.
  // Every rank reads the same file, so every rank fails alike.
  try {
    return read_checkpoint_file(comm, path);
  } catch (const RunTimeFailure& error) {
    throw InputError("--restart", path + ": not a readable relcp checkpoint (" + error.what() + ")");
  }
}

}  // namespace relcp::io