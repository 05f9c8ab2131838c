#pragma once
// The step loop of relcp_sim: particles + dynamics + contact stage + output (docs/design.md,
// "The data's way through one step of relcp_sim"). One step:
//   growth and division -> external forces -> velocities -> contact stage -> configuration
//   update -> migration (or rebalancing every parallel.rebalance_every steps) -> statistics,
//   snapshot, checkpoint when due.

#include <mpi.h>

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "collision/assembly/contact_network.hpp"
#include "dynamics/cell_growth.hpp"
#include "dynamics/force_field.hpp"
#include "io/hdf5/checkpoint.hpp"
#include "io/run/body_motion.hpp"
#include "io/run/contact_stage.hpp"
#include "io/run/run_output.hpp"
#include "io/run/stats_writer.hpp"
#include "io/scenario/scenario.hpp"
#include "particles/particle_store.hpp"
#include "particles/partitioner.hpp"

namespace relcp::io {

struct SimulationOptions {
  std::string output_directory;
  // The option or scenario key blamed when the output directory cannot be created.
  std::string output_directory_key = "simulation.output.directory";
  std::optional<std::string> restart_from;  // a checkpoint file
  bool show_progress = true;                // rank 0 logs a progress line at most once a second
  // Wall-time budget (--max-wall-time; overrides simulation.max_wall_time), counted from
  // `started_at` (MPI_Wtime; 0: when the Simulation is made).
  std::optional<double> max_wall_seconds;
  double started_at = 0.0;
};

// How run() ended: at the scenario's last step, or before it on a signal or the wall-time
// budget, with a checkpoint written at the step where it stopped (docs/running.md).
enum class RunEnd { completed, stopped_early };

class Simulation {
 public:
  // Collective. Builds the start state from the scenario, or from the checkpoint when
  // options.restart_from is set. Throws InputError for bad input before any file is written.
  Simulation(MPI_Comm comm, Scenario scenario, SimulationOptions options);

  // Collective: runs to the scenario's last step, writing every output file, unless stopped
  // early. A body in a bad state (body_state_check.hpp) stops the run with AgreedFailure after
  // writing a diagnostic snapshot.
  RunEnd run();
  // Collective: one step, no output. Records the step's constraint network (contact_links())
  // when a snapshot is due after it.
  StepStatistics advance_one_step();

  std::int64_t step() const { return step_; }
  double time() const { return time_; }
  std::int64_t last_step() const { return scenario_.simulation.steps; }
  const Scenario& scenario() const { return scenario_; }
  const particles::ParticleStore& store() const { return store_; }
  // This rank's links of the last step; empty unless a snapshot was due after it.
  const std::vector<collision::ContactLink>& contact_links() const { return contact_links_; }
  CheckpointState checkpoint_state() const;

 private:
  void start_from_scenario();
  void start_from_checkpoint(const std::string& path);
  bool snapshot_due(std::int64_t step) const;
  bool checkpoint_due() const;
  // Collective: throws AgreedFailure naming the step, the body and the quantity when a body is
  // in a bad state, after writing checkpoints/diagnostic_NNNNNNNN.h5.
  void stop_on_bad_state(const RunOutput& output) const;

  MPI_Comm comm_;
  int rank_ = 0;
  Scenario scenario_;
  SimulationOptions options_;
  particles::ParticleStore store_;
  particles::Partitioner partitioner_;
  dynamics::ForceFields fields_;
  BodyMotion motion_;
  std::unique_ptr<ContactStage> contact_stage_;
  std::optional<dynamics::CellGrowth> growth_;
  std::int64_t step_ = 0;
  double time_ = 0.0;
  std::vector<collision::ContactLink> contact_links_;
};

}  // namespace relcp::io
