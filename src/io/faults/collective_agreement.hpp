#pragma once
// Agreement on failure for collective I/O (docs/robustness.md, "I/O failures").
//
// Parallel HDF5 needs every rank to make the same collective calls. A rank whose write fails
// and leaves on its own (closing the file on the way out) waits in a barrier that the other
// ranks, gone on to the next write, never reach: the run hangs. So every stretch of work that
// can fail on one rank alone runs inside `on_all_ranks`, which ends with an agreement: if the
// stretch failed anywhere, every rank throws the same AgreedFailure and leaves the same way.

#include <mpi.h>

#include <functional>
#include <optional>
#include <string>

#include "core/error.hpp"

namespace relcp::io {

// Thrown on every rank of the communicator alike, with the message of the lowest failing rank.
// The app prints it once (rank 0) and every rank exits with code 3.
class AgreedFailure : public RunTimeFailure {
 public:
  using RunTimeFailure::RunTimeFailure;
};

// Runs `block` on this rank, then all ranks learn whether it threw anywhere (one allreduce).
// Nothing in `block` may communicate with the other ranks unless every rank is sure to get
// there (a collective HDF5 call that every rank starts, for example).
void on_all_ranks(MPI_Comm comm, const std::function<void()>& block);

// Collective: the problem of the lowest rank that has one ("rank 1: ..." with several ranks),
// on every rank; nullopt when no rank has one. For problems that are not exceptions.
std::optional<std::string> first_failure_on_any_rank(MPI_Comm comm, const std::optional<std::string>& local);

// Runs `body`; an AgreedFailure leaving it gets `context` in front ("cannot write snapshot 290
// to out/relcp.h5: ..."). `cleanup` runs first on every rank, and its own errors are ignored.
void with_failure_context(const std::string& context, const std::function<void()>& body,
                          const std::function<void()>& cleanup = {});

// Switches on (for this process) a last resort for a failure the ranks cannot agree on,
// e.g. inside the HDF5 library: once a rank meets a failure, it aborts the whole job with
// exit code 3 if it is still running `seconds` later. Off by default (tests, library users).
void enable_abort_watchdog(const std::string& app_name, double seconds);

}  // namespace relcp::io
