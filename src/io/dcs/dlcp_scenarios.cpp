#include "io/dcs/dlcp_scenarios.hpp"

#include "core/error.hpp"
#include "core/memory_budget.hpp"
#include "core/stopwatch.hpp"
#include "dcs/batched/batched_lcp.hpp"
#include "io/dcs/dlcp_method_parser.hpp"
#include "io/dcs/dlcp_methods.hpp"
#include "io/dcs/dlcp_output.hpp"
#include "io/dcs/dlcp_problem_parser.hpp"

namespace relcp::io::dcs {
namespace {

class PreparedDlcpRun final : public PreparedRun {
 public:
  PreparedDlcpRun(DlcpScenario scenario, std::unique_ptr<relcp::dcs::BatchedLcpBackend> backend)
      : scenario_(std::move(scenario)), backend_(std::move(backend)) {}

  void execute(const RunContext& context) const override {
    const Stopwatch watch;
    const DlcpRunRecord record = run_dlcp_method(scenario_, *backend_);
    const double seconds = watch.seconds();
    write_dlcp_trajectory_csv(context.output_directory / "trajectory.csv", record.trajectory);
    write_dlcp_stats_json(context.output_directory / "stats.json", scenario_, record, seconds);
    if (!record.failure.empty()) throw RunTimeFailure(scenario_.method.name + ": " + record.failure);
    if (!record.converged && scenario_.method.require_convergence) {
      throw RunTimeFailure(scenario_.method.name + ": not converged to the tolerance in " +
                           std::to_string(scenario_.method.max_iterations) +
                           " iterations (outputs hold the last iterate; method.require_convergence: false "
                           "accepts this)");
    }
  }

 private:
  DlcpScenario scenario_;
  std::unique_ptr<relcp::dcs::BatchedLcpBackend> backend_;
};

// The iterations keep a few whole trajectories (iterate, previous iterate, sources, output):
// refuse a grid whose trajectories cannot fit, naming the step.
void check_trajectory_memory(const ScenarioNode& root, const DlcpScenario& scenario) {
  constexpr double kTrajectoryCopies = 6.0;
  // x and y: a projected dynamical system has as many complementarity pairs as states.
  const double size =
      2.0 * std::visit([](const auto& form) { return static_cast<double>(form.x0.size()); }, scenario.problem.form);
  const double points = static_cast<double>(scenario.grid.points());
  if (const auto shortfall = memory_shortfall(points * size * 8.0 * kTrajectoryCopies)) {
    root.child("time").fail("h", std::to_string(scenario.grid.points()) + " time points of " +
                                     std::to_string(static_cast<long long>(size)) + " unknowns " + *shortfall);
  }
}

std::unique_ptr<PreparedRun> prepare(const ScenarioDocument& document,
                                     DlcpScenarioProblem (*parse_problem)(const ScenarioNode&)) {
  const ScenarioNode root = document.root();
  root.allow_only({"problem", "time", "method"});
  DlcpScenario scenario;
  scenario.problem = parse_problem(root.child("problem"));
  scenario.grid = parse_dlcp_time(root);
  scenario.method = parse_dlcp_method(root, scenario.problem);
  check_trajectory_memory(root, scenario);
  const ScenarioNode method = root.child("method");
  if (scenario.method.name != "implicit-euler") {  // the iterations solve LCPs with M itself
    const relcp::dcs::DenseMatrix* M = nullptr;
    if (const auto* linear = std::get_if<relcp::dcs::DlcpProblem>(&scenario.problem.form)) M = &linear->M;
    if (const auto* nonlinear = std::get_if<relcp::dcs::DncpProblem>(&scenario.problem.form)) M = &nonlinear->M;
    if (M != nullptr && relcp::dcs::selection_applies(*M, scenario.method.selection) == false) {
      method.fail(method.has("selection") ? "selection" : "name",
                  "selection '" + std::string(relcp::dcs::to_string(scenario.method.selection)) + "' needs M to be " +
                      std::string(relcp::dcs::selection_requirement(scenario.method.selection)));
    }
  }
  std::unique_ptr<relcp::dcs::BatchedLcpBackend> backend;
  try {
    backend = relcp::dcs::make_batched_lcp_backend(scenario.method.backend);
  } catch (const InputError& error) {
    method.fail(method.has("backend") ? "backend" : "name", error.message());
  }
  return std::make_unique<PreparedDlcpRun>(std::move(scenario), std::move(backend));
}

}  // namespace

std::unique_ptr<PreparedRun> prepare_dlcp(const ScenarioDocument& document) {
  return prepare(document, parse_dlcp_problem);
}

std::unique_ptr<PreparedRun> prepare_signorini(const ScenarioDocument& document) {
  return prepare(document, parse_signorini_problem);
}

std::unique_ptr<PreparedRun> prepare_wuchen_small(const ScenarioDocument& document) {
  return prepare(document, parse_wuchen_small_problem);
}

std::unique_ptr<PreparedRun> prepare_rectifier(const ScenarioDocument& document) {
  return prepare(document, parse_rectifier_problem);
}

std::unique_ptr<PreparedRun> prepare_pds(const ScenarioDocument& document) {
  return prepare(document, parse_pds_problem);
}

}  // namespace relcp::io::dcs
