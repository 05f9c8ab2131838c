#pragma once
// DIR/stats.csv: one row per step (docs/output.md). Written by one process (rank 0).

#include <cstdint>
#include <fstream>
#include <string>

#include "collision/strategies/contact_step_report.hpp"

namespace relcp::io {

// One row: the step, the bodies after it, its wall-clock time and what its contact resolution
// did. The columns and their formats are the table in stats_writer.cpp.
struct StepStatistics {
  std::int64_t step = 0;
  double time = 0.0;
  std::int64_t bodies = 0;
  double seconds = 0.0;                  // wall-clock time of the step, slowest rank
  collision::ContactStepReport contact;  // all zero without contacts
};

class StatsWriter {
 public:
  // The column names joined by commas, without the line end.
  static const std::string& header();

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
