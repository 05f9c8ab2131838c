#pragma once
// DIR/stats.csv: one row per step (docs/output.md). Written by one process (rank 0).

#include <cstdint>
#include <fstream>
#include <string>

namespace relcp::io {

struct StepStatistics {
  std::int64_t step = 0;
  double time = 0.0;
  std::int64_t bodies = 0;
  std::int64_t constraints = 0;       // contact constraints of the step (0 without contacts)
  std::int64_t relcp_iterations = 0;  // ReLCP recursions (0 without ReLCP)
  std::int64_t solver_iterations = 0; // LCP solver iterations, summed over the step's solves
  double max_overlap = 0.0;           // largest overlap -min(phi, 0) after the step
  double max_model_overlap = 0.0;     // the same between what the strategy constrains
  double seconds = 0.0;               // wall-clock time of the step, slowest rank
  double detection_seconds = 0.0;     // contact detection part of `seconds`
  double assembly_seconds = 0.0;      // constraint assembly part of `seconds`
  double solve_seconds = 0.0;         // LCP solve part of `seconds`
  double max_cone_violation = 0.0;    // friction: largest max(||f_t|| - mu f_n, 0), 0 without
  std::int64_t sticking_contacts = 0; // friction: loaded contacts whose slip is below tolerance
  std::int64_t sliding_contacts = 0;  // friction: loaded contacts that slip
};

class StatsWriter {
 public:
  static const char* header();

  // Starts a new file (replacing an existing one) with the header line.
  static StatsWriter create(const std::string& path);
  // Continues an existing file after dropping the rows of steps after `last_step` (restart);
  // creates a new one when there is none.
  static StatsWriter continue_after(const std::string& path, std::int64_t last_step);

  // Writes and flushes one row. Throws RunTimeFailure when the file cannot be written.
  void append(const StepStatistics& row);

 private:
  StatsWriter(std::string path, std::ios::openmode mode);
  std::string path_;
  std::ofstream out_;
};

}  // namespace relcp::io
