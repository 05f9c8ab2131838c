#pragma once
// What `relcp_sim` does with its parsed command line (docs/running.md).

#include <mpi.h>

#include <optional>
#include <string>
#include <vector>

namespace relcp::apps::sim {

struct SimOptions {
  std::string scenario;
  std::optional<std::string> output;   // --output DIR, else simulation.output.directory
  std::optional<std::string> restart;  // --restart CHECKPOINT.h5
  std::vector<std::string> overrides;  // --set key.path=value, in order
  bool dry_run = false;
  bool quiet = false;
  std::optional<std::string> log_level;
  std::optional<std::string> max_wall_time;  // --max-wall-time DURATION
  double started_at = 0.0;                   // MPI_Wtime when the app started
};

// Collective over comm. Returns the exit code (kExitStopped when the run stopped early with a
// checkpoint); throws relcp::InputError / RunTimeFailure.
int run_sim(MPI_Comm comm, const SimOptions& options);

}  // namespace relcp::apps::sim
