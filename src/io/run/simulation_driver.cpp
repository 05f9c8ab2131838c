#include "io/run/simulation_driver.hpp"

#include <spdlog/spdlog.h>

#include <cmath>
#include <string>
#include <utility>
#include <vector>

#include "collision/device/cuda_backend.hpp"
#include "core/error.hpp"
#include "core/listed_names.hpp"
#include "core/stopwatch.hpp"
#include "io/faults/collective_agreement.hpp"
#include "io/run/body_state_check.hpp"
#include "io/run/early_stop.hpp"
#include "io/run/progress_reporter.hpp"
#include "io/scenario/force_fields_from_scenario.hpp"
#include "io/scenario/initial_bodies.hpp"

namespace relcp::io {

Simulation::Simulation(MPI_Comm comm, Scenario scenario, SimulationOptions options)
    : comm_(comm),
      scenario_(std::move(scenario)),
      options_(std::move(options)),
      store_(comm, scenario_.domain),
      partitioner_(scenario_.parallel.partitioner),
      fields_(make_force_fields(scenario_.forces, scenario_.dynamics.density)),
      motion_(scenario_.dynamics, scenario_.monolayer()),
      contact_stage_(make_contact_stage(scenario_)) {
  MPI_Comm_rank(comm_, &rank_);
  const collision::ContactSettings& contact = scenario_.collision.contact;
  const bool solve_on_device = contact.solver.backend == collision::ComputeBackend::cuda;
  const bool separations_on_device = contact.detection_backend == collision::ComputeBackend::cuda;
  const bool pairs_on_device = contact.pair_search_backend == collision::ComputeBackend::cuda;
  if (scenario_.collision.enabled && (solve_on_device || separations_on_device || pairs_on_device)) {
    // Refuses here, before any output, when some rank has no device.
    std::vector<std::string> parts;
    if (solve_on_device) parts.emplace_back("contact solve");
    if (separations_on_device) parts.emplace_back("separations");
    if (pairs_on_device) parts.emplace_back("pair search");
    spdlog::info("{} on the GPU: {}", listed(parts, " and "), collision::ensure_cuda_device(comm_));
  }
  if (options_.started_at <= 0.0) options_.started_at = MPI_Wtime();
  if (!options_.max_wall_seconds) options_.max_wall_seconds = scenario_.simulation.max_wall_seconds;
  if (scenario_.growth) growth_.emplace(*scenario_.growth);
  if (options_.restart_from) {
    start_from_checkpoint(*options_.restart_from);
  } else {
    start_from_scenario();
  }
}

void Simulation::start_from_scenario() {
  store_.distribute_from_all(build_initial_bodies(scenario_));
  store_.rebalance(partitioner_);
}

void Simulation::start_from_checkpoint(const std::string& path) {
  CheckpointState state = read_checkpoint(comm_, path);
  const double dt = scenario_.simulation.dt;
  if (std::abs(state.dt - dt) > 1e-12 * dt) {
    throw InputError("--restart", path + ": written with dt = " + std::to_string(state.dt) +
                                      ", but the scenario has dt = " + std::to_string(dt));
  }
  if (state.step > last_step()) {
    throw InputError("--restart", path + ": at step " + std::to_string(state.step) +
                                      ", after the scenario's last step " + std::to_string(last_step()));
  }
  if (state.division.has_value() != growth_.has_value()) {
    throw InputError("--restart", path + (growth_ ? ": written without growth, but the scenario has a growth section"
                                                  : ": written with growth, but the scenario has no growth section"));
  }
  // On the rank count that wrote it, each rank resumes exactly its saved bodies, order and
  // region, so the run continues as if never interrupted; on another count it repartitions.
  const bool same_ranks =
      state.num_ranks == store_.num_ranks() && state.regions.size() == static_cast<std::size_t>(store_.num_ranks());
  if (same_ranks) {
    store_.restore(std::move(state.bodies), particles::RegionMap(std::move(state.regions)));
    on_all_ranks(comm_, [&] {
      try {
        contact_stage_->restore_state(state.contact_state);
      } catch (const RunTimeFailure& error) {
        throw InputError("--restart", path + ": " + error.what());
      }
    });
  } else {
    store_.add_owned(state.bodies);
  }
  store_.id_allocator().set_next_free(state.next_free_id);
  if (growth_) growth_->restore_random_state(*state.division);
  step_ = state.step;
  time_ = static_cast<double>(step_) * dt;
  if (!same_ranks) {
    store_.rebalance(partitioner_);
    on_all_ranks(comm_, [&] {
      try {
        contact_stage_->adopt_states(state.writer_contact_states, store_);
      } catch (const RunTimeFailure& error) {
        throw InputError("--restart", path + ": " + error.what());
      }
    });
  }
}

StepStatistics Simulation::advance_one_step() {
  const Stopwatch watch;
  const double dt = scenario_.simulation.dt;
  if (growth_) {
    growth_->grow(store_.owned(), dt);
    growth_->divide(store_);
  }
  dynamics::apply_force_fields(fields_, store_.owned());
  motion_.update_velocities(store_.owned(), dt);
  collision::ContactStepReport contacts = contact_stage_->resolve(store_, dt, snapshot_due(step_ + 1));
  contact_links_ = std::move(contacts.network);
  motion_.advance(store_.owned(), dt);
  ++step_;
  time_ = static_cast<double>(step_) * dt;  // a product, not a sum: no drift over long runs
  const std::int64_t every = scenario_.parallel.rebalance_every;
  if (every > 0 && step_ % every == 0) {
    store_.rebalance(partitioner_);
  } else {
    store_.migrate();
  }

  StepStatistics row;
  row.step = step_;
  row.time = time_;
  row.bodies = store_.global_count();
  row.contact = std::move(contacts);
  const double seconds = watch.seconds();
  MPI_Allreduce(&seconds, &row.seconds, 1, MPI_DOUBLE, MPI_MAX, comm_);
  return row;
}

bool Simulation::snapshot_due(std::int64_t step) const {
  const std::int64_t every = scenario_.simulation.output.snapshot_every;
  return step == last_step() || (every > 0 && step % every == 0);
}

bool Simulation::checkpoint_due() const {
  const std::int64_t every = scenario_.simulation.output.checkpoint_every;
  return every > 0 && step_ % every == 0;
}

CheckpointState Simulation::checkpoint_state() const {
  CheckpointState state;
  state.step = step_;
  state.time = time_;
  state.dt = scenario_.simulation.dt;
  state.seed = scenario_.simulation.seed;
  state.next_free_id = store_.id_allocator().next_free();
  if (growth_) state.division = growth_->random_state();
  state.num_ranks = store_.num_ranks();
  state.regions = store_.regions().boxes();
  state.bodies = store_.owned();
  state.contact_state = contact_stage_->saved_state();
  return state;
}

void Simulation::stop_on_bad_state(const RunOutput& output) const {
  const auto problem = first_failure_on_any_rank(comm_, first_bad_body(store_.owned()));
  if (!problem) return;
  const std::string diagnostic = output.diagnostic_path(step_);
  std::string where = "a diagnostic snapshot in " + diagnostic;
  try {
    output.write_diagnostic_snapshot(diagnostic, step_, time_, store_.owned(), contact_links_);
  } catch (const AgreedFailure& error) {
    where = "no diagnostic snapshot (" + std::string(error.what()) + ")";
  }
  const std::string last =
      output.last_checkpoint().empty() ? options_.restart_from.value_or("") : output.last_checkpoint();
  const std::string checkpoint = last.empty() ? "no checkpoint yet" : "the last good checkpoint is " + last;
  throw AgreedFailure("bad state at step " + std::to_string(step_) + ": " + *problem + "; " + where + "; " +
                      checkpoint);
}

RunEnd Simulation::run() {
  const bool restarted = options_.restart_from.has_value();
  RunOutput output(comm_, options_.output_directory, restarted ? std::optional<std::int64_t>(step_) : std::nullopt,
                   options_.output_directory_key);
  const std::int64_t bodies = store_.global_count();
  spdlog::info("{} bodies on {} ranks, steps {}..{} of dt = {}{}; output in {}", bodies, store_.num_ranks(), step_,
               last_step(), scenario_.simulation.dt,
               restarted ? " (restarted from " + *options_.restart_from + ")" : "", output.directory());
  if (!restarted) output.write_snapshot(step_, time_, store_.owned());

  ProgressReporter progress(step_, last_step());
  EarlyStop early_stop(options_.max_wall_seconds, options_.started_at);
  const std::int64_t first_step = step_;
  const Stopwatch clock;
  std::optional<std::string> stopped_by;
  while (step_ < last_step()) {
    const Stopwatch step_watch;
    const StepStatistics row = advance_one_step();
    output.write_stats(row);
    stop_on_bad_state(output);
    if (snapshot_due(step_)) output.write_snapshot(step_, time_, store_.owned(), contact_links_);
    if (checkpoint_due()) output.write_checkpoint(checkpoint_state());
    if (options_.show_progress && rank_ == 0) {
      if (const auto line = progress.update(step_, time_, row.bodies, clock.seconds())) spdlog::info("{}", *line);
    }
    if (step_ == last_step()) break;
    stopped_by = early_stop.after_step(comm_, step_watch.seconds(), output.last_checkpoint_seconds());
    if (stopped_by) break;
  }
  if (stopped_by && !checkpoint_due()) output.write_checkpoint(checkpoint_state());
  output.finish();
  const double seconds = clock.seconds();
  spdlog::info("{} {} steps in {} ({:.4g} steps/s); output in {}", stopped_by ? "stopped after" : "finished",
               step_ - first_step, format_duration(seconds),
               seconds > 0 ? static_cast<double>(step_ - first_step) / seconds : 0.0, output.directory());
  if (!stopped_by) return RunEnd::completed;
  if (rank_ == 0) {
    spdlog::warn("stopped at step {} of {} on {}; continue with --restart {}", step_, last_step(), *stopped_by,
                 output.last_checkpoint());
  }
  return RunEnd::stopped_early;
}

}  // namespace relcp::io
