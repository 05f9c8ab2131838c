// relcp_sim: runs a scenario file (docs/scenario.md) with MPI + OpenMP and writes snapshots,
// statistics and checkpoints (docs/output.md). Usage in docs/running.md.

#include <CLI/CLI.hpp>
#include <mpi.h>

#include <iostream>

#include "common/app_main.hpp"
#include "core/error.hpp"
#include "core/exit_code.hpp"
#include "io/scenario/collision_choices.hpp"
#include "rank_output.hpp"
#include "sim_command.hpp"

namespace {

int world_rank() {
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  return rank;
}

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

  CLI::App app("relcp_sim: rigid bodies in contact, from a YAML scenario, with MPI + OpenMP", "relcp_sim");
  relcp::apps::sim::SimOptions options;
  app.add_option("SCENARIO", options.scenario, "scenario file (YAML, docs/scenario.md)")->required();
  app.add_option("--output", options.output, "output directory (default: simulation.output.directory)");
  app.add_option("--restart", options.restart, "continue from this checkpoint file to the scenario's end");
  app.add_option("--set", options.overrides, "override a scenario value, e.g. --set simulation.dt=0.005")
      ->type_name("KEY.PATH=VALUE")
      ->allow_extra_args(false);
  app.add_flag("--dry-run", options.dry_run, "validate the scenario (and checkpoint) and exit");
  app.add_flag("--quiet", options.quiet, "no progress lines; log warnings and errors only");
  app.add_option("--log-level", options.log_level, "trace, debug, info, warn, error, critical or off");
  app.footer("\n" + relcp::io::collision_choices_help());

  relcp::apps::sim::MutedStandardStreams muted(rank != 0);
  const int code = relcp::apps::run_app(app, argc, argv, [&]() -> int {
    try {
      return relcp::apps::sim::run_sim(MPI_COMM_WORLD, options);
    } catch (const relcp::InputError&) {
      // Every rank found the same problem; rank 0 reports it.
      if (rank != 0) return relcp::kExitBadInput;
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
  MPI_Finalize();
  return code;
}
