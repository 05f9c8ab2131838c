#pragma once
// The problem types relcp_dcs knows. Each kind validates a whole scenario (problem, time,
// method) into a PreparedRun before anything is written, so that bad input leaves no files.
// A new problem family adds its kinds to the table in scenario_kind.cpp.

#include <filesystem>
#include <memory>
#include <span>
#include <string_view>

#include "dcs/switching/simulation_record.hpp"
#include "io/dcs/scenario_document.hpp"

namespace relcp::io::dcs {

struct RunContext {
  std::filesystem::path output_directory;  // exists when execute() is called
  relcp::dcs::ProgressCallback progress;
};

class PreparedRun {
 public:
  virtual ~PreparedRun() = default;
  // Runs the method and writes the output files. Throws RunTimeFailure on failure.
  virtual void execute(const RunContext& context) const = 0;
};

struct ScenarioKind {
  std::string_view type;                                                      // problem.type
  std::string_view description;                                               // for --help
  std::unique_ptr<PreparedRun> (*prepare)(const ScenarioDocument& document);  // throws InputError
};

std::span<const ScenarioKind> scenario_kinds();

// Looks up problem.type and prepares the run. Throws InputError.
std::unique_ptr<PreparedRun> prepare_run(const ScenarioDocument& document);

}  // namespace relcp::io::dcs
