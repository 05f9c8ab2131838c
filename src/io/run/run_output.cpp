#include "io/run/run_output.hpp"

#include <filesystem>

#include "core/error.hpp"
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
  if (rank_ == 0) {
    refresh_xdmf(true);
    stats_ = restart_step ? StatsWriter::continue_after(path_of(kStatsFile), *restart_step)
                          : StatsWriter::create(path_of(kStatsFile));
  }
}

std::string RunOutput::path_of(const std::string& name) const {
  return (std::filesystem::path(directory_) / name).string();
}

std::string RunOutput::checkpoint_path(std::int64_t step) const {
  return (std::filesystem::path(directory_) / kCheckpointFolder / checkpoint_file_name(step)).string();
}

void RunOutput::write_snapshot(std::int64_t step, double time, std::span<const particles::Body> owned,
                               std::span<const collision::ContactLink> links) {
  const SnapshotInfo info = io::write_snapshot(comm_, path_of(kSnapshotFile), step, time, owned, links);
  std::erase_if(snapshots_, [step](const SnapshotInfo& s) { return s.step == step; });
  snapshots_.push_back(info);
  xdmf_stale_ = true;
  refresh_xdmf(false);
}

void RunOutput::refresh_xdmf(bool force) {
  if (rank_ != 0) return;
  const double now = MPI_Wtime();
  if (!force && (!xdmf_stale_ || now - xdmf_written_at_ < kXdmfRefreshSeconds)) return;
  write_xdmf(path_of(kXdmfFile), kSnapshotFile, snapshots_);
  xdmf_written_at_ = now;
  xdmf_stale_ = false;
}

void RunOutput::finish() {
  if (xdmf_stale_) refresh_xdmf(true);
}

void RunOutput::write_stats(const StepStatistics& row) {
  if (stats_) stats_->append(row);
}

void RunOutput::write_checkpoint(const CheckpointState& state) {
  if (!checkpoint_folder_ready_) {
    create_directory(comm_, rank_, path_of(kCheckpointFolder), "checkpoints");
    checkpoint_folder_ready_ = true;
  }
  io::write_checkpoint(comm_, checkpoint_path(state.step), state);
  finish();
}

}  // namespace relcp::io
