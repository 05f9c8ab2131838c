// method.name = gauss-seidel: the waveform iteration for each problem form.

#include <string>

#include "dcs/waveform/gauss_seidel_waveform.hpp"
#include "dcs/waveform/gauss_seidel_waveform_dncp.hpp"
#include "dcs/waveform/gauss_seidel_waveform_projected.hpp"
#include "io/dcs/dlcp_methods.hpp"

namespace relcp::io::dcs {
namespace {

relcp::dcs::WaveformOptions waveform_options(const DlcpScenario& scenario, const DlcpReference& reference) {
  relcp::dcs::WaveformOptions options;
  options.window = scenario.method.window;
  options.tolerance = scenario.method.tolerance;
  options.max_iterations = scenario.method.max_iterations;
  options.selection = scenario.method.selection;
  options.lcp_tolerance = scenario.method.lcp_tolerance;
  options.linear_solver.kind = scenario.method.linear_solver;
  options.infeasible = scenario.method.infeasible;
  options.reference = reference;
  return options;
}

relcp::dcs::WaveformResult solve(const DlcpScenario& scenario, const relcp::dcs::BatchedLcpBackend& backend,
                                 const relcp::dcs::WaveformOptions& options) {
  const DlcpProblemForm& form = scenario.problem.form;
  if (const auto* linear = std::get_if<relcp::dcs::DlcpProblem>(&form)) {
    return relcp::dcs::solve_gauss_seidel_waveform(*linear, scenario.grid, options, backend);
  }
  if (const auto* nonlinear = std::get_if<relcp::dcs::DncpProblem>(&form)) {
    return relcp::dcs::solve_gauss_seidel_waveform(*nonlinear, scenario.grid, options, backend);
  }
  return relcp::dcs::solve_projected_waveform(std::get<relcp::dcs::ProjectedDynamicalSystem>(form), scenario.grid,
                                              options);
}

}  // namespace

DlcpRunRecord run_gauss_seidel(const DlcpScenario& scenario, const relcp::dcs::BatchedLcpBackend& backend,
                               const DlcpReference& reference) {
  relcp::dcs::WaveformResult result = solve(scenario, backend, waveform_options(scenario, reference));
  const relcp::dcs::WaveformReport& report = result.report;
  DlcpRunRecord record;
  record.trajectory = std::move(result.trajectory);
  record.converged = report.converged;
  record.iterations = report.iterations;
  record.change_history = report.change_history;
  record.error_history = report.error_history;
  record.split = report.split;
  if (report.lcp_failed) {
    record.failure = "at t = " + json_number(report.failure_time) + " an LCP (or the Newton solve of a step) " +
                     "failed: " + std::string(relcp::lcp::to_string(report.failure_status)) +
                     " (method.infeasible: coupled handles infeasible LCPs)";
  }
  record.extra = {{"window_iterations", report.window_iterations},  {"coupled_points", report.coupled_points},
                  {"lcp_iterations", report.lcp_iterations},        {"newton_iterations", report.newton_iterations},
                  {"krylov_iterations", report.krylov_iterations},  {"linear_solver", report.linear_solver},
                  {"initial_lcp_solved", report.initial_lcp_solved}};
  return record;
}

}  // namespace relcp::io::dcs
