#pragma once
// Plumbing shared by the MPI benchmark mains (particles_throughput, contact_step_scaling): the
// main() wrapper that brackets the app with MPI_Init / MPI_Finalize, and the timing helpers
// whose numbers are compared across ranks.

#include <mpi.h>

#include <ctime>
#include <functional>

#include "common/app_main.hpp"

namespace relcp::apps::bench {

// CPU seconds of this process (all its threads): on a machine shared with other jobs this
// shows how much of the wall time the run actually computed.
inline double process_cpu_seconds() {
  timespec now{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now);
  return static_cast<double>(now.tv_sec) + 1e-9 * static_cast<double>(now.tv_nsec);
}

// The largest `value` over the ranks of MPI_COMM_WORLD (collective).
inline double max_over_ranks(double value) {
  double result = 0.0;
  MPI_Allreduce(&value, &result, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
  return result;
}

// The body of an MPI benchmark's main(): MPI_Init, then apps::run_app (parses argv with `app`,
// calls `body`), then MPI_Finalize; returns the process exit code.
inline int run_mpi_app(CLI::App& app, int argc, char** argv, const std::function<int()>& body) {
  MPI_Init(&argc, &argv);
  const int code = run_app(app, argc, argv, body);
  MPI_Finalize();
  return code;
}

}  // namespace relcp::apps::bench
