#include "io/dcs/friction_scenarios.hpp"

#include <iomanip>
#include <sstream>
#include <string>

#include "core/memory_budget.hpp"
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

constexpr double kMaxOutputSamples = 1e7;
constexpr double kMaxFixedSteps = 1e8;

std::string format_count(double count) {
  std::ostringstream text;
  text << std::setprecision(3) << count;
  return text.str();
}

class PreparedFrictionRun final : public PreparedRun {
 public:
  PreparedFrictionRun(std::string problem_type, FrictionOscillator oscillator, relcp::dcs::TimeSpan span,
                      FrictionMethod method)
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

// Work bounds known before the run (docs/robustness.md, "Work bounds"): the output samples must
// fit in memory, and a fixed-step method takes at most 10^8 steps, as the DLCP methods do. The
// switching method's steps are bounded while it runs (method.max_steps).
void check_work(const ScenarioNode& root, const relcp::dcs::TimeSpan& span, const FrictionMethod& method,
                int state_size) {
  const double length = span.end - span.start;
  const double samples = length / span.output_every;
  const ScenarioNode time = root.child("time");
  if (samples > kMaxOutputSamples) {
    time.fail("output_every", "(T - t0) / output_every = " + format_count(samples) + " output samples, more than 10^7");
  }
  if (const auto shortfall = memory_shortfall(samples * (state_size + 1) * 8.0 * 2.0)) {
    time.fail("output_every", format_count(samples) + " output samples " + *shortfall);
  }
  double h = 0.0;
  if (const auto* taubert = std::get_if<relcp::dcs::TaubertOptions>(&method.options)) h = taubert->h;
  if (const auto* moreau = std::get_if<relcp::dcs::MoreauOptions>(&method.options)) h = moreau->h;
  if (h > 0.0 && length / h > kMaxFixedSteps) {
    root.child("method").fail("h", "(T - t0) / h = " + format_count(length / h) + " steps, more than 10^8");
  }
}

template <class ParseProblem>
std::unique_ptr<PreparedRun> prepare(const ScenarioDocument& document, ParseProblem&& parse_problem) {
  const ScenarioNode root = document.root();
  root.allow_only({"problem", "time", "method"});
  const ScenarioNode problem = root.child("problem");
  FrictionOscillator oscillator = parse_problem(problem);
  const relcp::dcs::TimeSpan span = parse_time_section(root);
  FrictionMethod method = parse_friction_method(root);
  check_work(root, span, method, 2 * oscillator.dof_count());
  return std::make_unique<PreparedFrictionRun>(problem.text("type"), std::move(oscillator), span, std::move(method));
}

}  // namespace

std::unique_ptr<PreparedRun> prepare_friction_chain(const ScenarioDocument& document) {
  return prepare(document, parse_friction_chain);
}

std::unique_ptr<PreparedRun> prepare_friction_oscillator(const ScenarioDocument& document) {
  return prepare(document, parse_friction_oscillator);
}

}  // namespace relcp::io::dcs
