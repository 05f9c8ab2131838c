#include "io/run/stats_writer.hpp"

#include <array>
#include <cerrno>
#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "io/faults/fault_injection.hpp"
#include "io/faults/system_reason.hpp"

namespace relcp::io {
namespace {

std::string formatted(const char* format, double value) {
  std::array<char, 32> text{};
  std::snprintf(text.data(), text.size(), format, value);
  return text.data();
}

// How a value is written: counts as integers, physical quantities with 17 significant digits (they
// read back bit for bit), timings with 6.
std::string integer(std::int64_t value) { return std::to_string(value); }
std::string exact(double value) { return formatted("%.17g", value); }
std::string timing(double value) { return formatted("%.6g", value); }

struct Column {
  const char* name;
  std::string (*value)(const StepStatistics&);
};

// The columns of stats.csv in file order; docs/output.md says what each means. A new column is
// one row here, after one field in StepStatistics or in collision::ContactStepReport; it goes at
// the end, so that scripts reading columns by position keep working.
constexpr auto kColumns = std::to_array<Column>({
    {"step", [](const StepStatistics& s) { return integer(s.step); }},
    {"time", [](const StepStatistics& s) { return exact(s.time); }},
    {"bodies", [](const StepStatistics& s) { return integer(s.bodies); }},
    {"constraints", [](const StepStatistics& s) { return integer(s.contact.constraints); }},
    {"relcp_iterations", [](const StepStatistics& s) { return integer(s.contact.relcp_iterations); }},
    {"solver_iterations", [](const StepStatistics& s) { return integer(s.contact.solver_iterations); }},
    {"max_overlap", [](const StepStatistics& s) { return exact(s.contact.max_overlap); }},
    {"max_model_overlap", [](const StepStatistics& s) { return exact(s.contact.max_model_overlap); }},
    {"seconds", [](const StepStatistics& s) { return timing(s.seconds); }},
    {"detection_seconds", [](const StepStatistics& s) { return timing(s.contact.detection_seconds); }},
    {"assembly_seconds", [](const StepStatistics& s) { return timing(s.contact.assembly_seconds); }},
    {"solve_seconds", [](const StepStatistics& s) { return timing(s.contact.solve_seconds); }},
    {"max_cone_violation", [](const StepStatistics& s) { return exact(s.contact.max_cone_violation); }},
    {"sticking_contacts", [](const StepStatistics& s) { return integer(s.contact.sticking_contacts); }},
    {"sliding_contacts", [](const StepStatistics& s) { return integer(s.contact.sliding_contacts); }},
    {"factorizations", [](const StepStatistics& s) { return integer(s.contact.factorizations); }},
});

// One cell per column, joined by commas.
template <class Cell>
std::string joined(const Cell& cell) {
  std::string line;
  for (std::size_t c = 0; c < kColumns.size(); ++c) {
    if (c > 0) line += ',';
    line += cell(kColumns[c]);
  }
  return line;
}

// The step of a data row, or -1 for anything else.
std::int64_t step_of(const std::string& line) {
  long long step = -1;
  return std::sscanf(line.c_str(), "%lld,", &step) == 1 ? step : -1;
}

}  // namespace

const std::string& StatsWriter::header() {
  static const std::string line = joined([](const Column& column) { return std::string(column.name); });
  return line;
}

StatsWriter::StatsWriter(std::string path, std::ios::openmode mode) : path_(std::move(path)), out_(path_, mode) {
  if (!out_) throw RunTimeFailure("cannot open " + path_ + " for writing" + system_reason());
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
  errno = 0;
  out_ << joined([&row](const Column& column) { return column.value(row); }) << '\n' << std::flush;
  if (!out_) throw RunTimeFailure("cannot write a row of " + path_ + system_reason());
  fault_point(FaultOperation::write, "cannot write a row of " + path_);
}

}  // namespace relcp::io
