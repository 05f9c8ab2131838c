#include "io/dcs/dlcp_output.hpp"

#include <charconv>
#include <cmath>
#include <fstream>

#include "core/error.hpp"

namespace relcp::io::dcs {
namespace {

// Shortest round-trip text; "nan" for values that were not computed.
void put_number(std::string& line, double value) {
  if (!std::isfinite(value)) {
    line += std::isnan(value) ? "nan" : (value > 0 ? "inf" : "-inf");
    return;
  }
  char buffer[32];
  const auto result = std::to_chars(buffer, buffer + sizeof buffer, value);
  line.append(buffer, result.ptr);
}

}  // namespace

void write_dlcp_trajectory_csv(const std::filesystem::path& file, const relcp::dcs::DlcpTrajectory& trajectory) {
  std::ofstream stream(file);
  if (!stream) throw RunTimeFailure("cannot write " + file.string());
  std::string line = "t";
  for (Eigen::Index i = 0; i < trajectory.X.rows(); ++i) line += ",x" + std::to_string(i);
  for (Eigen::Index i = 0; i < trajectory.Y.rows(); ++i) line += ",y" + std::to_string(i);
  stream << line << '\n';
  for (Eigen::Index j = 0; j < trajectory.X.cols(); ++j) {
    line.clear();
    put_number(line, trajectory.grid.t(j));
    for (Eigen::Index i = 0; i < trajectory.X.rows(); ++i) put_number(line += ',', trajectory.X(i, j));
    for (Eigen::Index i = 0; i < trajectory.Y.rows(); ++i) put_number(line += ',', trajectory.Y(i, j));
    stream << line << '\n';
  }
  stream.flush();
  if (!stream) throw RunTimeFailure("error while writing " + file.string());
}

void write_dlcp_stats_json(const std::filesystem::path& file, const DlcpScenario& scenario, const DlcpRunRecord& record,
                           double seconds) {
  const relcp::dcs::TimeSplit& split = record.split;
  const char* references[] = {"none", "implicit-euler", "converged"};
  JsonFields fields;
  fields["problem"] = scenario.problem.type;
  fields["method"] = scenario.method.name;
  fields["backend"] = scenario.method.backend;
  fields["selection"] = relcp::dcs::to_string(scenario.method.selection);
  fields["h"] = scenario.grid.h;
  fields["steps"] = scenario.grid.steps;
  fields["T"] = scenario.grid.end();
  fields["iterations"] = record.iterations;
  fields["converged"] = record.converged;
  fields["failure"] = record.failure.empty() ? JsonFields(nullptr) : JsonFields(record.failure);
  fields["seconds"] = seconds;
  fields["tolerance"] = scenario.method.tolerance;
  fields["window"] = scenario.method.window;
  fields["reference"] = references[static_cast<int>(scenario.method.reference)];
  fields["error_history"] = record.error_history;
  fields["change_history"] = record.change_history;
  fields["time_split"] = {{"lcp", split.lcp},
                          {"linear_algebra", split.linear_algebra},
                          {"interpolation", split.interpolation},
                          {"transfer", split.transfer}};
  for (const JsonFields* more : {&scenario.problem.parameters, &record.extra}) {
    if (!more->is_null()) fields.update(*more);  // null: none given
  }
  write_json_object(file, fields);
}

}  // namespace relcp::io::dcs
