// relcp_sim: runs a scenario file (docs/scenario.md) with MPI + OpenMP and writes snapshots,
// statistics and checkpoints (docs/output.md). Usage in docs/running.md.

#include <CLI/CLI.hpp>
#include <mpi.h>

#include <cstdio>
#include <cstdlib>
#include <iostream>

#include "common/app_main.hpp"
#include "core/error.hpp"
#include "core/exit_code.hpp"
#include "io/faults/collective_agreement.hpp"
#include "io/faults/free_space.hpp"
#include "io/run/early_stop.hpp"
#include "io/scenario/collision_choices.hpp"
#include "rank_output.hpp"
#include "sim_command.hpp"

namespace {

int world_rank() {
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  return rank;
}

constexpr double kAbortAfterSeconds = 5.0;

int world_size() {
  int size = 1;
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  return size;
}

}  // namespace

int main(int argc, char** argv) {
  int provided = 0;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
  const int rank = world_rank();
  relcp::io::install_early_stop_signal_handlers();

  CLI::App app("relcp_sim: rigid bodies in contact, from a YAML scenario, with MPI + OpenMP", "relcp_sim");
  relcp::apps::sim::SimOptions options;
  options.started_at = MPI_Wtime();
  app.add_option("SCENARIO", options.scenario, "scenario file (YAML, docs/scenario.md)")->required();
  app.add_option("--output", options.output, "output directory (default: simulation.output.directory)");
  app.add_option("--restart", options.restart, "continue from this checkpoint file to the scenario's end");
  app.add_option("--set", options.overrides, "override a scenario value, e.g. --set simulation.dt=0.005")
      ->type_name("KEY.PATH=VALUE")
      ->allow_extra_args(false);
  app.add_option("--max-wall-time", options.max_wall_time,
                 "stop with a checkpoint before this much wall time has passed (3600, 90m, 2h, 1-12:00:00); "
                 "exit code 4; SIGTERM, SIGINT and SIGUSR1 do the same at once")
      ->type_name("DURATION");
  app.add_flag("--dry-run", options.dry_run, "validate the scenario (and checkpoint) and exit");
  app.add_flag("--quiet", options.quiet, "no progress lines; log warnings and errors only");
  app.add_option("--log-level", options.log_level, "trace, debug, info, warn, error, critical or off");
  app.footer("\n" + relcp::io::collision_choices_help());

  relcp::apps::sim::MutedStandardStreams muted(rank != 0);
  // A failure the ranks cannot agree on (docs/robustness.md, "I/O failures") ends the job
  // after this long instead of hanging it.
  relcp::io::enable_abort_watchdog(app.get_name(), kAbortAfterSeconds);
  const int code = relcp::apps::run_app(app, argc, argv, [&]() -> int {
    try {
      return relcp::apps::sim::run_sim(MPI_COMM_WORLD, options);
    } catch (const relcp::InputError&) {
      // Every rank found the same problem; rank 0 reports it.
      if (rank != 0) return relcp::kExitBadInput;
      throw;
    } catch (const relcp::io::AgreedFailure&) {
      // Every rank stopped here with the same message; rank 0 reports it.
      if (rank != 0) return relcp::kExitRunFailure;
      throw;
    } catch (const std::exception& error) {
      // A failure may hit one rank only while the others wait in a collective call.
      if (world_size() == 1) throw;
      muted.restore();
      relcp::apps::print_error(app.get_name(), "rank " + std::to_string(rank) + ": " + error.what());
      MPI_Abort(MPI_COMM_WORLD, relcp::kExitRunFailure);
    }
    return relcp::kExitRunFailure;
  });
  // HDF5 crashes when it is shut down (inside MPI_Finalize) holding a file whose closing flush
  // failed, on a full disk: such a run ends without MPI_Finalize, with the same exit code.
  int unclosable = relcp::io::has_unclosable_file() ? 1 : 0;
  MPI_Allreduce(MPI_IN_PLACE, &unclosable, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
  if (unclosable != 0) {
    std::fflush(nullptr);
    std::_Exit(code);
  }
  MPI_Finalize();
  return code;
}
