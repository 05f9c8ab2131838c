#pragma once
// Stopping a run before its last step, with a checkpoint to continue from (docs/running.md,
// "Batch jobs"): on SIGTERM, SIGINT or SIGUSR1 (what batch systems send before their time
// limit), or when the wall-time budget (--max-wall-time, simulation.max_wall_time) would run
// out before the next step and a checkpoint could be written.

#include <mpi.h>

#include <optional>
#include <string>

namespace relcp::io {

// Installs handlers that only record the signal; the step loop looks at it between steps. A
// second signal of the same kind has its default effect (a second Ctrl-C ends the run at once).
void install_early_stop_signal_handlers();

// The signal received since the handlers were installed (or forgotten), 0 if none.
int received_stop_signal();
void forget_stop_signal();

class EarlyStop {
 public:
  // `budget_seconds`: wall time the run may take, counted from `started_at` (MPI_Wtime).
  EarlyStop(std::optional<double> budget_seconds, double started_at);

  // Collective: after a step, whether every rank stops now, and why ("SIGTERM", "the wall-time
  // budget of 1h 00m 00s"). `step_seconds` is the step's wall time including its output;
  // `checkpoint_seconds` the time the last checkpoint took, if any was written.
  std::optional<std::string> after_step(MPI_Comm comm, double step_seconds, std::optional<double> checkpoint_seconds);

  // Seconds the run may still use for steps before it must stop and write a checkpoint.
  double reserve_seconds(std::optional<double> checkpoint_seconds) const;

 private:
  std::optional<double> budget_seconds_;
  double started_at_;
  double longest_recent_step_ = 0.0;  // decays, so that one slow step (a rebalance) does not stick
};

}  // namespace relcp::io
