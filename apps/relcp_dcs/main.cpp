// relcp_dcs: dynamic complementarity systems from a YAML scenario.
//   relcp_dcs [run] CONFIG.yaml [--method M] [--backend B] [--output DIR] [--set key.path=value]...
// Writes DIR/trajectory.csv, DIR/events.csv and DIR/stats.json (docs/switching.md), or for the
// DLCP family DIR/trajectory.csv and DIR/stats.json (docs/dlcp.md).

#include <CLI/CLI.hpp>
#include <filesystem>
#include <iostream>
#include <string>
#include <vector>

#include "common/app_main.hpp"
#include "core/exit_code.hpp"
#include "core/stopwatch.hpp"
#include "io/dcs/run_output.hpp"
#include "io/dcs/scenario_document.hpp"
#include "io/dcs/scenario_kind.hpp"

namespace {

using relcp::io::dcs::ScenarioDocument;

std::string problem_types_help() {
  std::string text = "Problem types (problem.type):\n";
  for (const auto& kind : relcp::io::dcs::scenario_kinds()) {
    text += "  " + std::string(kind.type) + ": " + std::string(kind.description) + "\n";
  }
  return text +
         "Methods for friction problems (method.name): switching, taubert-euler, taubert-rk4, moreau.\n"
         "See docs/switching.md.\n"
         "Methods for dlcp, signorini, wuchen_small, rectifier, pds: implicit-euler, gauss-seidel; "
         "--backend serial|openmp|cuda. See docs/dlcp.md.";
}

// Progress on stderr, at most every two seconds, for runs that take longer than that.
relcp::dcs::ProgressCallback stderr_progress(double t_end) {
  auto watch = std::make_shared<relcp::Stopwatch>();
  auto last_report = std::make_shared<double>(0.0);
  return [=](double t) {
    const double now = watch->seconds();
    if (now - *last_report < 2.0) return;
    *last_report = now;
    std::cerr << "relcp_dcs: t = " << t << " of " << t_end << " (" << now << " s)" << std::endl;
  };
}

int run_scenario(const std::string& config, const std::string& output, const std::vector<std::string>& overrides) {
  const ScenarioDocument document = ScenarioDocument::load(config, overrides);
  const auto prepared = relcp::io::dcs::prepare_run(document);  // all validation happens here

  std::filesystem::path directory = output;
  if (directory.empty()) directory = std::filesystem::path("output") / std::filesystem::path(config).stem();
  relcp::io::dcs::prepare_output_directory(directory);
  const double t_end = document.root().child("time").number("T");
  prepared->execute({directory, stderr_progress(t_end)});
  return relcp::kExitOk;
}

}  // namespace

int main(int argc, char** argv) {
  // `relcp_dcs run CONFIG.yaml` and `relcp_dcs CONFIG.yaml` are the same command.
  std::vector<char*> arguments(argv, argv + argc);
  if (arguments.size() > 1 && std::string(arguments[1]) == "run") arguments.erase(arguments.begin() + 1);

  CLI::App app(
      "relcp_dcs: dynamic complementarity systems (Stewart's switching method, the Wu-Chen "
      "DLCP methods and baselines)",
      "relcp_dcs");
  app.footer(problem_types_help());

  std::string config;
  std::string output;
  std::string method;
  std::string backend;
  std::vector<std::string> overrides;
  app.add_option("config", config, "scenario YAML file")->required();
  app.add_option("--output,-o", output, "output directory (default output/<config stem>)");
  app.add_option("--method", method, "same as --set method.name=M");
  app.add_option("--backend", backend, "batched LCP back end of the DLCP family: same as --set method.backend=B");
  app.add_option("--set", overrides, "override a scenario key, e.g. --set method.tolerance=1e-6")
      ->take_all()
      ->allow_extra_args(false);

  return relcp::apps::run_app(app, static_cast<int>(arguments.size()), arguments.data(), [&] {
    if (!method.empty()) overrides.push_back("method.name=" + method);
    if (!backend.empty()) overrides.push_back("method.backend=" + backend);
    return run_scenario(config, output, overrides);
  });
}
