#include "relcp_dcs/dlcp_output.hpp"

#include <charconv>
#include <cmath>
#include <fstream>

#include "core/error.hpp"

namespace relcp::apps::dcs {
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

std::string json_list(const std::vector<double>& values) {
  std::string list = "[";
  for (std::size_t i = 0; i < values.size(); ++i) list += (i ? ", " : "") + json_number(values[i]);
  return list + "]";
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

void write_dlcp_stats_json(const std::filesystem::path& file, const DlcpScenario& scenario,
                           const DlcpRunRecord& record, double seconds) {
  const relcp::dcs::TimeSplit& split = record.split;
  const char* references[] = {"none", "implicit-euler", "converged"};
  JsonFields fields = {
      {"problem", json_string(scenario.problem.type)},
      {"method", json_string(scenario.method.name)},
      {"backend", json_string(scenario.method.backend)},
      {"selection", json_string(std::string(relcp::dcs::to_string(scenario.method.selection)))},
      {"h", json_number(scenario.grid.h)},
      {"steps", json_number(static_cast<double>(scenario.grid.steps))},
      {"T", json_number(scenario.grid.end())},
      {"iterations", json_number(record.iterations)},
      {"converged", record.converged ? "true" : "false"},
      {"failure", record.failure.empty() ? "null" : json_string(record.failure)},
      {"seconds", json_number(seconds)},
      {"tolerance", json_number(scenario.method.tolerance)},
      {"window", json_number(static_cast<double>(scenario.method.window))},
      {"reference", json_string(references[static_cast<int>(scenario.method.reference)])},
      {"error_history", json_list(record.error_history)},
      {"change_history", json_list(record.change_history)},
      {"time_split", "{\"lcp\": " + json_number(split.lcp) + ", \"linear_algebra\": " +
                         json_number(split.linear_algebra) + ", \"interpolation\": " +
                         json_number(split.interpolation) + ", \"transfer\": " + json_number(split.transfer) + "}"},
  };
  fields.insert(fields.end(), scenario.problem.parameters.begin(), scenario.problem.parameters.end());
  fields.insert(fields.end(), record.extra.begin(), record.extra.end());
  write_json_object(file, fields);
}

}  // namespace relcp::apps::dcs
