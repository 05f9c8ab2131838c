#include "sim_command.hpp"

#include <spdlog/spdlog.h>

#include <iostream>

#include "core/duration.hpp"
#include "core/error.hpp"
#include "core/exit_code.hpp"
#include "core/logging.hpp"
#include "io/run/simulation_driver.hpp"
#include "io/scenario/scenario_reader.hpp"

namespace relcp::apps::sim {

int run_sim(MPI_Comm comm, const SimOptions& options) {
  int rank = 0;
  MPI_Comm_rank(comm, &rank);
  configure_logging(options.log_level.value_or(options.quiet ? "warn" : "info"), rank);

  io::Scenario scenario = io::load_scenario(options.scenario, options.overrides);
  io::SimulationOptions run;
  run.output_directory = options.output.value_or(scenario.simulation.output.directory);
  run.output_directory_key = options.output ? "--output" : "simulation.output.directory";
  run.restart_from = options.restart;
  run.show_progress = !options.quiet;
  run.started_at = options.started_at;
  if (options.max_wall_time) {
    run.max_wall_seconds = parse_duration(*options.max_wall_time);
    if (!run.max_wall_seconds) {
      throw InputError("--max-wall-time", "expected a duration such as 3600, 90m, 2h or 1-12:00:00, found '" +
                                              *options.max_wall_time + "'");
    }
  }

  // Everything is checked here, bodies placed and a checkpoint read, before any file is written.
  io::Simulation simulation(comm, std::move(scenario), std::move(run));
  if (options.dry_run) {
    const std::int64_t bodies = simulation.store().global_count();
    if (rank == 0) {
      std::cout << options.scenario << ": valid; " << bodies << " bodies, steps " << simulation.step() << ".."
                << simulation.last_step() << " of dt = " << simulation.scenario().simulation.dt << std::endl;
    }
    return 0;
  }
  return simulation.run() == io::RunEnd::completed ? kExitOk : kExitStopped;
}

}  // namespace relcp::apps::sim
