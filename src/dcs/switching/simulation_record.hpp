#pragma once
// What a run of any DCS method returns: the sampled trajectory, the mode changes and the
// evaluation counts of Stewart's tables.

#include <cstdint>
#include <functional>
#include <vector>

#include "dcs/switching/active_set.hpp"
#include "dcs/switching/counted_system.hpp"
#include "dcs/types.hpp"

namespace relcp::dcs {

// Integrate over [start, end]; sample the state at start + k * output_every.
struct TimeSpan {
  double start = 0.0;
  double end = 0.0;
  double output_every = 0.0;
};

// Called now and then with the current time, for progress reports.
using ProgressCallback = std::function<void(double t)>;

struct TrajectorySample {
  double t = 0.0;
  Vector x;
};

// Term `term` went from the mode set `from` to `to` at time t.
struct ModeChange {
  double t = 0.0;
  int term = 0;
  ModeSet from;
  ModeSet to;
};

struct RunStatistics {
  EvaluationCounts evaluations;
  std::int64_t steps = 0;  // accepted steps
  std::int64_t rejected_steps = 0;
  std::int64_t switches = 0;      // switching points at which the active set changed
  std::int64_t mode_changes = 0;  // term-wise mode changes
  std::int64_t lcp_solves = 0;
  std::int64_t restarts = 0;              // switching points forced by the restart time t*
  std::int64_t unbracketed_switches = 0;  // psi already <= 0 at a step start (see switching.md)
  // Switching LCPs with some z_i and w_i both below the active-weight threshold. Expected where
  // a stuck term starts to slide: that point is located within eta of where its weight vanishes.
  std::int64_t degenerate_lcps = 0;
};

struct SimulationRecord {
  std::vector<TrajectorySample> samples;
  std::vector<ModeChange> mode_changes;  // empty for methods that only count them
  RunStatistics statistics;
  double final_time = 0.0;
  Vector final_state;
};

// Records the state at the output times of a TimeSpan as the integration passes them.
class TrajectorySampler {
 public:
  explicit TrajectorySampler(const TimeSpan& span);

  // The next output time not yet recorded (+infinity when all are).
  double next_time() const;

  // Records every output time <= `until` that has not been recorded yet, with state_at(t).
  void record_until(double until, const std::function<Vector(double)>& state_at,
                    std::vector<TrajectorySample>& samples);

 private:
  double start_;
  double every_;
  std::int64_t count_;  // number of output times
  std::int64_t next_ = 0;
};

}  // namespace relcp::dcs
