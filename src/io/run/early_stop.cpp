#include "io/run/early_stop.hpp"

#include <algorithm>
#include <csignal>

#include "io/run/progress_reporter.hpp"

namespace relcp::io {
namespace {

volatile std::sig_atomic_t g_stop_signal = 0;

extern "C" void record_stop_signal(int signal) { g_stop_signal = signal; }

const char* signal_name(int signal) {
  switch (signal) {
    case SIGTERM:
      return "SIGTERM";
    case SIGINT:
      return "SIGINT";
    case SIGUSR1:
      return "SIGUSR1";
    default:
      return "a signal";
  }
}

// The margins of the wall-time rule (docs/running.md): the next step may take up to twice the
// longest recent one, and the checkpoint 1.5 times the last one; before the first checkpoint,
// as long as the longest recent step (which includes its snapshot writes).
constexpr double kStepFactor = 2.0;
constexpr double kCheckpointFactor = 1.5;
constexpr double kFixedMarginSeconds = 1.0;
constexpr double kLongestStepDecay = 0.95;

}  // namespace

void install_early_stop_signal_handlers() {
  struct sigaction action {};
  action.sa_handler = record_stop_signal;
  sigemptyset(&action.sa_mask);
  action.sa_flags = SA_RESTART | SA_RESETHAND;
  for (const int signal : {SIGTERM, SIGINT, SIGUSR1}) sigaction(signal, &action, nullptr);
}

int received_stop_signal() { return g_stop_signal; }

void forget_stop_signal() { g_stop_signal = 0; }

EarlyStop::EarlyStop(std::optional<double> budget_seconds, double started_at)
    : budget_seconds_(budget_seconds), started_at_(started_at) {}

double EarlyStop::reserve_seconds(std::optional<double> checkpoint_seconds) const {
  return kStepFactor * longest_recent_step_ + kCheckpointFactor * checkpoint_seconds.value_or(longest_recent_step_) +
         kFixedMarginSeconds;
}

std::optional<std::string> EarlyStop::after_step(MPI_Comm comm, double step_seconds,
                                                 std::optional<double> checkpoint_seconds) {
  longest_recent_step_ = std::max(step_seconds, kLongestStepDecay * longest_recent_step_);
  // Rank 0's clock decides the budget; a signal on any rank stops all.
  int rank = 0;
  MPI_Comm_rank(comm, &rank);
  int out_of_time = 0;
  if (rank == 0 && budget_seconds_) {
    const double elapsed = MPI_Wtime() - started_at_;
    out_of_time = elapsed + reserve_seconds(checkpoint_seconds) > *budget_seconds_ ? 1 : 0;
  }
  const int local[2] = {static_cast<int>(g_stop_signal), out_of_time};
  int global[2] = {0, 0};
  MPI_Allreduce(local, global, 2, MPI_INT, MPI_MAX, comm);
  if (global[0] != 0) return std::string(signal_name(global[0]));
  if (global[1] != 0) return "the wall-time budget of " + format_duration(*budget_seconds_);
  return std::nullopt;
}

}  // namespace relcp::io
