#include "io/run/stats_writer.hpp"

#include <array>
#include <cstdio>
#include <filesystem>
#include <sstream>
#include <vector>

#include "core/error.hpp"

namespace relcp::io {
namespace {

std::string number(double value) {
  std::array<char, 32> text{};
  std::snprintf(text.data(), text.size(), "%.17g", value);
  return text.data();
}

std::string short_number(double value) {
  std::array<char, 32> text{};
  std::snprintf(text.data(), text.size(), "%.6g", value);
  return text.data();
}

// The step of a data row, or -1 for anything else.
std::int64_t step_of(const std::string& line) {
  long long step = -1;
  return std::sscanf(line.c_str(), "%lld,", &step) == 1 ? step : -1;
}

}  // namespace

const char* StatsWriter::header() {
  return "step,time,bodies,constraints,relcp_iterations,solver_iterations,max_overlap,max_model_overlap,"
         "seconds,detection_seconds,assembly_seconds,solve_seconds,max_cone_violation,sticking_contacts,"
         "sliding_contacts";
}

StatsWriter::StatsWriter(std::string path, std::ios::openmode mode) : path_(std::move(path)), out_(path_, mode) {
  if (!out_) throw RunTimeFailure("cannot open " + path_ + " for writing");
}

StatsWriter StatsWriter::create(const std::string& path) {
  StatsWriter writer(path, std::ios::out | std::ios::trunc);
  writer.out_ << header() << '\n' << std::flush;
  return writer;
}

StatsWriter StatsWriter::continue_after(const std::string& path, std::int64_t last_step) {
  if (!std::filesystem::exists(path)) return create(path);
  std::vector<std::string> kept;
  {
    std::ifstream in(path);
    std::string line;
    while (std::getline(in, line)) {
      const std::int64_t step = step_of(line);
      if (step < 0 || step <= last_step) kept.push_back(line);
    }
  }
  StatsWriter writer(path, std::ios::out | std::ios::trunc);
  for (const std::string& line : kept) writer.out_ << line << '\n';
  writer.out_ << std::flush;
  return writer;
}

void StatsWriter::append(const StepStatistics& row) {
  out_ << row.step << ',' << number(row.time) << ',' << row.bodies << ',' << row.constraints << ','
       << row.relcp_iterations << ',' << row.solver_iterations << ',' << number(row.max_overlap) << ','
       << number(row.max_model_overlap) << ',' << short_number(row.seconds) << ','
       << short_number(row.detection_seconds) << ','
       << short_number(row.assembly_seconds) << ',' << short_number(row.solve_seconds) << ','
       << number(row.max_cone_violation) << ',' << row.sticking_contacts << ',' << row.sliding_contacts << '\n'
       << std::flush;
  if (!out_) throw RunTimeFailure("cannot write " + path_);
}

}  // namespace relcp::io
