#include "io/faults/collective_agreement.hpp"

#include <cerrno>
#include <chrono>
#include <cstdio>
#include <exception>
#include <optional>
#include <thread>

namespace relcp::io {
namespace {

struct Watchdog {
  bool enabled = false;
  bool armed = false;
  std::string app_name;
  double seconds = 0.0;
};

Watchdog& watchdog() {
  static Watchdog instance;
  return instance;
}

// The first local failure starts the countdown; a job that ends in time never sees it fire.
void arm_watchdog(const std::string& message) {
  Watchdog& dog = watchdog();
  if (!dog.enabled || dog.armed) return;
  dog.armed = true;
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  std::thread([rank, message, app = dog.app_name, seconds = dog.seconds] {
    std::this_thread::sleep_for(std::chrono::duration<double>(seconds));
    std::fprintf(stderr, "%s: rank %d: %s (the ranks did not stop together within %g s; aborting the job)\n",
                 app.c_str(), rank, message.c_str(), seconds);
    std::fflush(stderr);
    MPI_Abort(MPI_COMM_WORLD, 3);
  }).detach();
}

// What failed on this rank: an InputError keeps its kind and key, so that every rank can throw
// the same type (bad input exits with 2, a failed run with 3).
struct LocalFailure {
  bool input = false;
  std::string key;
  std::string message;
};

std::string broadcast_text(MPI_Comm comm, int root, std::string text) {
  int length = static_cast<int>(text.size());
  MPI_Bcast(&length, 1, MPI_INT, root, comm);
  text.resize(static_cast<std::size_t>(length));
  MPI_Bcast(text.data(), length, MPI_CHAR, root, comm);
  return text;
}

// Every rank learns the failure of the lowest failing rank, if any; its message gets the rank
// in front when there are several.
std::optional<LocalFailure> agreed_failure(MPI_Comm comm, const std::optional<LocalFailure>& local) {
  int rank = 0;
  int size = 1;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &size);
  const int mine = local ? rank : size;
  int first = size;
  MPI_Allreduce(&mine, &first, 1, MPI_INT, MPI_MIN, comm);
  if (first == size) return std::nullopt;
  int input = rank == first && local->input ? 1 : 0;
  MPI_Bcast(&input, 1, MPI_INT, first, comm);
  LocalFailure agreed;
  agreed.input = input != 0;
  agreed.key = broadcast_text(comm, first, rank == first ? local->key : std::string());
  agreed.message = broadcast_text(comm, first, rank == first ? local->message : std::string());
  if (size > 1 && !agreed.input) agreed.message = "rank " + std::to_string(first) + ": " + agreed.message;
  return agreed;
}

}  // namespace

void on_all_ranks(MPI_Comm comm, const std::function<void()>& block) {
  std::optional<LocalFailure> failure;
  errno = 0;  // so that a failing call's errno is its own (hdf5::check reads it)
  try {
    block();
  } catch (const AgreedFailure&) {
    throw;  // already agreed by every rank inside the block
  } catch (const InputError& error) {
    failure = LocalFailure{true, error.key(), error.message()};
  } catch (const std::exception& error) {
    failure = LocalFailure{false, {}, error.what()};
    arm_watchdog(failure->message);
  }
  if (const auto agreed = agreed_failure(comm, failure)) {
    if (agreed->input) throw InputError(agreed->key, agreed->message);
    throw AgreedFailure(agreed->message);
  }
}

std::optional<std::string> first_failure_on_any_rank(MPI_Comm comm, const std::optional<std::string>& local) {
  const auto agreed =
      agreed_failure(comm, local ? std::optional<LocalFailure>(LocalFailure{false, {}, *local}) : std::nullopt);
  if (!agreed) return std::nullopt;
  return agreed->message;
}

void with_failure_context(const std::string& context, const std::function<void()>& body,
                          const std::function<void()>& cleanup) {
  try {
    body();
  } catch (const AgreedFailure& error) {
    if (cleanup) {
      try {
        cleanup();
      } catch (const std::exception&) {  // best effort: the first failure is the one to report
      }
    }
    throw AgreedFailure(context + ": " + error.what());
  }
}

void enable_abort_watchdog(const std::string& app_name, double seconds) {
  Watchdog& dog = watchdog();
  dog.enabled = true;
  dog.app_name = app_name;
  dog.seconds = seconds;
}

}  // namespace relcp::io
