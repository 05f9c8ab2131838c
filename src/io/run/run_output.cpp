#include "io/run/run_output.hpp"

#include <array>
#include <cstdio>
#include <filesystem>

#include "core/error.hpp"
#include "io/faults/collective_agreement.hpp"
#include "io/faults/free_space.hpp"
#include "particles/body_codec.hpp"
#include "io/hdf5/xdmf_writer.hpp"

namespace relcp::io {
namespace {

// Rank 0 creates the folder; every rank throws alike when it could not.
void create_directory(MPI_Comm comm, int rank, const std::string& path, const std::string& key) {
  std::string problem;
  if (rank == 0) {
    std::error_code error;
    std::filesystem::create_directories(path, error);
    if (error)
      problem = error.message();
    else if (!std::filesystem::is_directory(path))
      problem = "not a directory";
  }
  int length = static_cast<int>(problem.size());
  MPI_Bcast(&length, 1, MPI_INT, 0, comm);
  problem.resize(static_cast<std::size_t>(length));
  MPI_Bcast(problem.data(), length, MPI_CHAR, 0, comm);
  if (length > 0) throw InputError(key, path + ": cannot create the output directory: " + problem);
}

}  // namespace

RunOutput::RunOutput(MPI_Comm comm, std::string directory, std::optional<std::int64_t> restart_step,
                     const std::string& directory_key)
    : comm_(comm), directory_(std::move(directory)) {
  MPI_Comm_rank(comm_, &rank_);
  create_directory(comm_, rank_, directory_, directory_key);
  const std::string h5 = path_of(kSnapshotFile);
  if (restart_step && std::filesystem::exists(h5)) {
    snapshots_ = keep_snapshots_through(comm_, h5, *restart_step);
  } else {
    create_snapshot_file(comm_, h5);
  }
  refresh_xdmf(true);
  on_all_ranks(comm_, [&] {
    if (rank_ != 0) return;
    stats_ = restart_step ? StatsWriter::continue_after(path_of(kStatsFile), *restart_step)
                          : StatsWriter::create(path_of(kStatsFile));
  });
}

std::string RunOutput::path_of(const std::string& name) const {
  return (std::filesystem::path(directory_) / name).string();
}

std::string RunOutput::checkpoint_path(std::int64_t step) const {
  return (std::filesystem::path(directory_) / kCheckpointFolder / checkpoint_file_name(step)).string();
}

namespace {

// File sizes for the free-space check, with room for HDF5's metadata: a snapshot row is 197
// bytes of body columns, a link 120 bytes; a checkpoint row is a body record and its owner.
constexpr double kSnapshotBytesPerBody = 197.0;
constexpr double kSnapshotBytesPerLink = 120.0;
constexpr double kCheckpointBytesPerBody = 8.0 * particles::kBodyRecordSize + 4.0;
constexpr double kMetadataBytes = 64.0 * 1024.0;
constexpr double kSizeMargin = 1.25;

double global_sum(MPI_Comm comm, std::size_t local) {
  double value = static_cast<double>(local);
  MPI_Allreduce(MPI_IN_PLACE, &value, 1, MPI_DOUBLE, MPI_SUM, comm);
  return value;
}

}  // namespace

void RunOutput::write_snapshot(std::int64_t step, double time, std::span<const particles::Body> owned,
                               std::span<const collision::ContactLink> links) {
  const double bytes = kSizeMargin * (kSnapshotBytesPerBody * global_sum(comm_, owned.size()) +
                                      kSnapshotBytesPerLink * global_sum(comm_, links.size())) +
                       kMetadataBytes;
  require_free_space(comm_, directory_, bytes,
                     "cannot write the snapshot of step " + std::to_string(step) + " to " + path_of(kSnapshotFile));
  const SnapshotInfo info = io::write_snapshot(comm_, path_of(kSnapshotFile), step, time, owned, links);
  std::erase_if(snapshots_, [step](const SnapshotInfo& s) { return s.step == step; });
  snapshots_.push_back(info);
  xdmf_stale_ = true;
  refresh_xdmf(false);
}

// Collective: rank 0 decides and writes, every rank learns whether it failed. The decision is
// rank 0's alone, so the other ranks take part in the agreement every time.
void RunOutput::refresh_xdmf(bool force) {
  on_all_ranks(comm_, [&] {
    if (rank_ != 0) return;
    const double now = MPI_Wtime();
    if (!force && (!xdmf_stale_ || now - xdmf_written_at_ < kXdmfRefreshSeconds)) return;
    write_xdmf(path_of(kXdmfFile), kSnapshotFile, snapshots_);
    xdmf_written_at_ = now;
    xdmf_stale_ = false;
  });
}

void RunOutput::finish() { refresh_xdmf(xdmf_stale_); }  // xdmf_stale_ is rank 0's to know

void RunOutput::write_stats(const StepStatistics& row) {
  on_all_ranks(comm_, [&] {
    if (stats_) stats_->append(row);
  });
}

void RunOutput::prepare_checkpoint_folder() const {
  if (checkpoint_folder_ready_) return;
  create_directory(comm_, rank_, path_of(kCheckpointFolder), "checkpoints");
  checkpoint_folder_ready_ = true;
}

void RunOutput::write_checkpoint(const CheckpointState& state) {
  const double started = MPI_Wtime();
  prepare_checkpoint_folder();
  const double bytes = kSizeMargin * (kCheckpointBytesPerBody * global_sum(comm_, state.bodies.size()) +
                                      8.0 * global_sum(comm_, state.contact_state.size())) +
                       kMetadataBytes;
  require_free_space(comm_, path_of(kCheckpointFolder), bytes,
                     "cannot write checkpoint " + checkpoint_path(state.step));
  io::write_checkpoint(comm_, checkpoint_path(state.step), state);
  last_checkpoint_ = checkpoint_path(state.step);
  finish();
  double seconds = MPI_Wtime() - started;
  MPI_Allreduce(MPI_IN_PLACE, &seconds, 1, MPI_DOUBLE, MPI_MAX, comm_);
  last_checkpoint_seconds_ = seconds;
}

std::string RunOutput::diagnostic_path(std::int64_t step) const {
  std::array<char, 48> name{};
  std::snprintf(name.data(), name.size(), "diagnostic_%08lld.h5", static_cast<long long>(step));
  return (std::filesystem::path(directory_) / kCheckpointFolder / name.data()).string();
}

void RunOutput::write_diagnostic_snapshot(const std::string& path, std::int64_t step, double time,
                                          std::span<const particles::Body> owned,
                                          std::span<const collision::ContactLink> links) const {
  prepare_checkpoint_folder();
  create_snapshot_file(comm_, path);
  io::write_snapshot(comm_, path, step, time, owned, links);
}

}  // namespace relcp::io
