#pragma once
// The files of one run in its output directory (docs/output.md): relcp.h5 and relcp.xmf
// (snapshots), stats.csv (one row per step) and checkpoints/checkpoint_NNNNNNNN.h5.
// Collective over `comm`; rank 0 writes the text files. A failure on any rank throws
// AgreedFailure on every rank (io/faults/collective_agreement.hpp, docs/robustness.md).

#include <mpi.h>

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "io/hdf5/checkpoint.hpp"
#include "io/hdf5/snapshot_file.hpp"
#include "io/run/stats_writer.hpp"
#include "particles/body.hpp"

namespace relcp::io {

class RunOutput {
 public:
  static constexpr const char* kSnapshotFile = "relcp.h5";
  static constexpr const char* kXdmfFile = "relcp.xmf";
  static constexpr const char* kStatsFile = "stats.csv";
  static constexpr const char* kCheckpointFolder = "checkpoints";

  // Creates the directory. A new run (restart_step empty) starts every file afresh; a restart
  // keeps what the files hold up to restart_step and drops what came later, so that the
  // continued run writes the same files as an uninterrupted one. `directory_key` names the
  // option or scenario key to blame when the directory cannot be created (InputError).
  RunOutput(MPI_Comm comm, std::string directory, std::optional<std::int64_t> restart_step,
            const std::string& directory_key);

  const std::string& directory() const { return directory_; }
  std::string path_of(const std::string& name) const;
  std::string checkpoint_path(std::int64_t step) const;

  // `links`: this rank's constraints of the step that ended at `step`.
  void write_snapshot(std::int64_t step, double time, std::span<const particles::Body> owned,
                      std::span<const collision::ContactLink> links = {});
  void write_stats(const StepStatistics& row);  // rank 0 writes
  void write_checkpoint(const CheckpointState& state);
  // The newest checkpoint this run wrote (empty before the first) and how long it took.
  const std::string& last_checkpoint() const { return last_checkpoint_; }
  std::optional<double> last_checkpoint_seconds() const { return last_checkpoint_seconds_; }

  // checkpoints/diagnostic_NNNNNNNN.h5: a one-snapshot file (the format of relcp.h5) of a step
  // whose state is bad, written beside the checkpoints and never over one.
  std::string diagnostic_path(std::int64_t step) const;
  void write_diagnostic_snapshot(const std::string& path, std::int64_t step, double time,
                                 std::span<const particles::Body> owned,
                                 std::span<const collision::ContactLink> links) const;
  // relcp.xmf lists every snapshot, so rewriting it after each one costs O(snapshots^2) over a
  // run (5000 snapshots: 4.4 min instead of 23 s). It is rewritten at most every
  // kXdmfRefreshSeconds of wall time, at checkpoints, and by finish() at the end of the run.
  static constexpr double kXdmfRefreshSeconds = 10.0;
  void finish();

 private:
  MPI_Comm comm_;
  int rank_ = 0;
  std::string directory_;
  std::vector<SnapshotInfo> snapshots_;
  std::optional<StatsWriter> stats_;  // rank 0
  mutable bool checkpoint_folder_ready_ = false;
  std::string last_checkpoint_;
  std::optional<double> last_checkpoint_seconds_;
  double xdmf_written_at_ = 0.0;  // MPI_Wtime of the last rewrite (rank 0)
  bool xdmf_stale_ = false;       // snapshots written since (rank 0)

  void refresh_xdmf(bool force);
  void prepare_checkpoint_folder() const;
};

}  // namespace relcp::io
