#pragma once
// The progress line of a run (rank 0, at most once per interval):
//   step 1200/5000 (24.0%)  t = 12  bodies 1000  845 steps/s  ETA 4.5 s

#include <cstdint>
#include <optional>
#include <string>

namespace relcp::io {

class ProgressReporter {
 public:
  // The run goes from first_step (already done) to last_step.
  ProgressReporter(std::int64_t first_step, std::int64_t last_step, double min_interval_seconds = 1.0);

  // The line for the state after `step`, `elapsed_seconds` after the run started, or nothing
  // when the previous line is younger than the interval.
  std::optional<std::string> update(std::int64_t step, double time, std::int64_t bodies, double elapsed_seconds);

 private:
  std::int64_t first_step_;
  std::int64_t last_step_;
  double min_interval_;
  double last_report_ = 0.0;
};

// "0.42 s", "12 s", "3 min 20 s", "2 h 05 min".
std::string format_duration(double seconds);

}  // namespace relcp::io
