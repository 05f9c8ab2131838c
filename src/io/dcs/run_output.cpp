#include "io/dcs/run_output.hpp"

#include <cmath>
#include <charconv>
#include <fstream>

#include "core/error.hpp"

namespace relcp::io::dcs {
namespace {

std::ofstream open_for_writing(const std::filesystem::path& file) {
  std::ofstream stream(file);
  if (!stream) throw RunTimeFailure("cannot write " + file.string());
  return stream;
}

void check_written(std::ofstream& stream, const std::filesystem::path& file) {
  stream.flush();
  if (!stream) throw RunTimeFailure("error while writing " + file.string());
}

}  // namespace

std::string json_number(double value) {
  if (!std::isfinite(value)) return "null";
  char buffer[32];  // shortest text that reads back as the same double
  const auto result = std::to_chars(buffer, buffer + sizeof buffer, value);
  return std::string(buffer, result.ptr);
}

void prepare_output_directory(const std::filesystem::path& directory) {
  std::error_code error;
  std::filesystem::create_directories(directory, error);
  if (error || !std::filesystem::is_directory(directory)) {
    throw RunTimeFailure("cannot create the output directory " + directory.string() +
                         (error ? ": " + error.message() : std::string()));
  }
}

void write_trajectory_csv(const std::filesystem::path& file, const std::vector<std::string>& state_names,
                          const std::vector<relcp::dcs::TrajectorySample>& samples) {
  std::ofstream stream = open_for_writing(file);
  stream << "t";
  for (const std::string& name : state_names) stream << ',' << name;
  stream << '\n';
  for (const relcp::dcs::TrajectorySample& sample : samples) {
    stream << json_number(sample.t);
    for (Eigen::Index i = 0; i < sample.x.size(); ++i) stream << ',' << json_number(sample.x[i]);
    stream << '\n';
  }
  check_written(stream, file);
}

std::vector<std::string> state_names(const relcp::dcs::DecomposedSystem& system) {
  std::vector<std::string> names;
  for (int i = 0; i < system.state_size(); ++i) names.push_back(system.state_name(i));
  return names;
}

void write_events_csv(const std::filesystem::path& file, const relcp::dcs::DecomposedSystem& system,
                      const std::vector<relcp::dcs::ModeChange>& changes) {
  std::ofstream stream = open_for_writing(file);
  stream << "t,component,from,to\n";
  for (const relcp::dcs::ModeChange& change : changes) {
    stream << json_number(change.t) << ',' << system.term_name(change.term) << ','
           << system.mode_set_label(change.term, change.from) << ',' << system.mode_set_label(change.term, change.to)
           << '\n';
  }
  check_written(stream, file);
}

JsonFields statistics_fields(const relcp::dcs::RunStatistics& statistics, int state_size) {
  const auto& counts = statistics.evaluations;
  // Stewart's "Total": #f + #h + n #grad h (Remark 2).
  const std::int64_t total = counts.f + counts.h + static_cast<std::int64_t>(state_size) * counts.grad_h;
  JsonFields fields;
  fields["f_evals"] = counts.f;
  fields["h_evals"] = counts.h;
  fields["grad_h_evals"] = counts.grad_h;
  fields["total_evals"] = total;
  fields["steps"] = statistics.steps;
  fields["rejected_steps"] = statistics.rejected_steps;
  fields["switches"] = statistics.switches;
  fields["mode_changes"] = statistics.mode_changes;
  fields["lcp_solves"] = statistics.lcp_solves;
  fields["restarts"] = statistics.restarts;
  fields["unbracketed_switches"] = statistics.unbracketed_switches;
  fields["degenerate_lcps"] = statistics.degenerate_lcps;
  return fields;
}

void write_json_object(const std::filesystem::path& file, const JsonFields& fields) {
  std::ofstream stream = open_for_writing(file);
  // Messages may hold bytes that are not UTF-8 (a file name): written as U+FFFD.
  stream << fields.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << '\n';
  check_written(stream, file);
}

}  // namespace relcp::io::dcs
