#include "io/dcs/friction_scenarios.hpp"

#include <string>

#include "core/stopwatch.hpp"
#include "dcs/switching/friction_oscillator_system.hpp"
#include "io/dcs/friction_method_parser.hpp"
#include "io/dcs/friction_problem_parser.hpp"
#include "io/dcs/run_output.hpp"
#include "io/dcs/time_section.hpp"
#include "lcp/registry.hpp"

namespace relcp::io::dcs {
namespace {

using relcp::dcs::FrictionOscillator;
using relcp::dcs::SimulationRecord;

class PreparedFrictionRun final : public PreparedRun {
 public:
  PreparedFrictionRun(std::string problem_type, FrictionOscillator oscillator,
                      relcp::dcs::TimeSpan span, FrictionMethod method)
      : problem_type_(std::move(problem_type)),
        system_(std::move(oscillator)),
        span_(span),
        method_(std::move(method)) {}

  void execute(const RunContext& context) const override {
    const Stopwatch watch;
    const SimulationRecord record = run_method(context.progress);
    const double seconds = watch.seconds();

    const auto& directory = context.output_directory;
    write_trajectory_csv(directory / "trajectory.csv", state_names(system_), record.samples);
    write_events_csv(directory / "events.csv", system_, record.mode_changes);
    JsonFields fields = statistics_fields(record.statistics, system_.state_size());
    fields["problem"] = problem_type_;
    fields["method"] = method_.name;
    fields.update(method_parameters());
    fields["final_time"] = record.final_time;
    fields["final_state"] = std::vector<double>(record.final_state.begin(), record.final_state.end());
    fields["wall_seconds"] = seconds;
    write_json_object(directory / "stats.json", fields);
  }

 private:
  SimulationRecord run_method(const relcp::dcs::ProgressCallback& progress) const {
    const relcp::dcs::Vector x0 = system_.oscillator().initial_state();
    if (const auto* options = std::get_if<relcp::dcs::SwitchingOptions>(&method_.options)) {
      return relcp::dcs::integrate_switching(system_, x0, span_, *options, progress);
    }
    if (const auto* options = std::get_if<relcp::dcs::TaubertOptions>(&method_.options)) {
      return relcp::dcs::integrate_taubert(system_, x0, span_, *options, progress);
    }
    relcp::dcs::MoreauOptions options = std::get<relcp::dcs::MoreauOptions>(method_.options);
    options.solver = lcp::make_solver(method_.lcp_solver);
    return relcp::dcs::integrate_moreau(system_.oscillator(), span_, options, progress);
  }

  JsonFields method_parameters() const {
    if (const auto* options = std::get_if<relcp::dcs::SwitchingOptions>(&method_.options)) {
      return {{"tolerance", options->tolerance}, {"eta", options->resolved_eta()}, {"epsilon", options->epsilon}};
    }
    if (const auto* options = std::get_if<relcp::dcs::TaubertOptions>(&method_.options)) {
      return {{"h", options->h}};
    }
    const auto& options = std::get<relcp::dcs::MoreauOptions>(method_.options);
    return {{"h", options.h}, {"lcp_solver", method_.lcp_solver}};
  }

  std::string problem_type_;
  relcp::dcs::FrictionOscillatorSystem system_;
  relcp::dcs::TimeSpan span_;
  FrictionMethod method_;
};

template <class ParseProblem>
std::unique_ptr<PreparedRun> prepare(const ScenarioDocument& document, ParseProblem&& parse_problem) {
  const ScenarioNode root = document.root();
  root.allow_only({"problem", "time", "method"});
  const ScenarioNode problem = root.child("problem");
  FrictionOscillator oscillator = parse_problem(problem);
  const relcp::dcs::TimeSpan span = parse_time_section(root);
  FrictionMethod method = parse_friction_method(root);
  return std::make_unique<PreparedFrictionRun>(problem.text("type"), std::move(oscillator), span,
                                               std::move(method));
}

}  // namespace

std::unique_ptr<PreparedRun> prepare_friction_chain(const ScenarioDocument& document) {
  return prepare(document, parse_friction_chain);
}

std::unique_ptr<PreparedRun> prepare_friction_oscillator(const ScenarioDocument& document) {
  return prepare(document, parse_friction_oscillator);
}

}  // namespace relcp::io::dcs
