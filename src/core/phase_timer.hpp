#pragma once
// Wall-clock time per phase of a computation (the detection / assembly / solve columns of
// docs/output.md, stats.csv): every timed scope adds its seconds to the phase's running total.

#include <mpi.h>

#include <utility>

namespace relcp {

// Adds the MPI_Wtime() seconds between its construction and its destruction to `total`.
class PhaseTimer {
 public:
  explicit PhaseTimer(double& total) : total_(total), start_(MPI_Wtime()) {}
  ~PhaseTimer() { total_ += MPI_Wtime() - start_; }
  PhaseTimer(const PhaseTimer&) = delete;
  PhaseTimer& operator=(const PhaseTimer&) = delete;

 private:
  double& total_;
  double start_;
};

// Runs `phase` and adds its seconds to `total`; returns what `phase` returns.
template <class Phase>
decltype(auto) timed(double& total, Phase&& phase) {
  const PhaseTimer timer(total);
  return std::forward<Phase>(phase)();
}

}  // namespace relcp
