#pragma once
// Runs a scenario of configs/small/ in-process, step by step and without writing output, so
// that a test can look at every step's statistics and at the bodies after each step.

#include <mpi.h>

#include <functional>
#include <string>
#include <vector>

#include "core/logging.hpp"
#include "io/run/simulation_driver.hpp"
#include "io/scenario/scenario_reader.hpp"

namespace relcp::examples {

inline std::string small_config(const std::string& name) {
  return std::string(RELCP_SOURCE_DIR) + "/configs/small/" + name;
}

// Every step's row; `after_step` (collective) sees the simulation after each step.
inline std::vector<io::StepStatistics> run_example(
    const std::string& config, const std::vector<std::string>& overrides = {},
    const std::function<void(const io::Simulation&, const io::StepStatistics&)>& after_step = {}) {
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  configure_logging("error", rank);
  io::SimulationOptions options;
  options.show_progress = false;
  io::Simulation simulation(MPI_COMM_WORLD, io::load_scenario(config, overrides), options);
  std::vector<io::StepStatistics> rows;
  while (simulation.step() < simulation.last_step()) {
    rows.push_back(simulation.advance_one_step());
    if (after_step) after_step(simulation, rows.back());
  }
  return rows;
}

inline double sum_over_ranks(double value) {
  double sum = 0.0;
  MPI_Allreduce(&value, &sum, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  return sum;
}

}  // namespace relcp::examples
