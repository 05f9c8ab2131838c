// method.name = implicit-euler: the direct time-stepping baselines.

#include <string>

#include "dcs/waveform/implicit_euler.hpp"
#include "dcs/waveform/implicit_euler_dncp.hpp"
#include "io/dcs/dlcp_methods.hpp"

namespace relcp::io::dcs {
namespace {

JsonFields optional_flag(const std::optional<bool>& value) {
  return value.has_value() ? JsonFields(*value) : JsonFields("unknown");
}

DlcpRunRecord run_linear(const relcp::dcs::DlcpProblem& problem, const DlcpScenario& scenario) {
  relcp::dcs::ImplicitEulerOptions options;
  options.selection = scenario.method.selection;
  options.lcp_tolerance = scenario.method.lcp_tolerance;
  options.linear_solver.kind = scenario.method.linear_solver;
  relcp::dcs::ImplicitEulerResult result = relcp::dcs::solve_implicit_euler(problem, scenario.grid, options);
  const relcp::dcs::ImplicitEulerReport& report = result.report;
  DlcpRunRecord record;
  record.trajectory = std::move(result.trajectory);
  record.converged = report.completed;
  record.split = report.split;
  if (!report.completed) {
    record.failure = "the LCP of step " + std::to_string(report.failed_step) +
                     " (t = " + json_number(scenario.grid.t(report.failed_step)) + ") has no solution found (" +
                     std::string(relcp::lcp::to_string(report.failure_status)) + ")";
  }
  record.extra = {{"step_matrix_is_z", report.step_matrix_is_z},
                  {"step_matrix_largest_off_diagonal", report.step_matrix_largest_off_diagonal},
                  {"step_matrix_is_p", optional_flag(report.step_matrix_is_p)},
                  {"selection_applies_to_step_matrix", optional_flag(report.selection_applies)},
                  {"failed_step", report.failed_step},
                  {"lcp_iterations", report.lcp_iterations},
                  {"linear_solver", report.linear_solver},
                  {"krylov_iterations", report.krylov_iterations},
                  {"initial_lcp_solved", report.initial_lcp_solved}};
  return record;
}

DlcpRunRecord run_coupled(const relcp::dcs::DncpProblem& problem, const DlcpScenario& scenario) {
  relcp::dcs::CoupledEulerOptions options;
  options.selection = scenario.method.selection;
  options.lcp_tolerance = scenario.method.lcp_tolerance;
  relcp::dcs::CoupledEulerResult result = relcp::dcs::solve_coupled_backward_euler(problem, scenario.grid, options);
  const relcp::dcs::CoupledEulerReport& report = result.report;
  DlcpRunRecord record;
  record.trajectory = std::move(result.trajectory);
  record.converged = report.completed;
  record.split = report.split;
  if (!report.completed) {
    record.failure = "the semismooth Newton solve of step " + std::to_string(report.failed_step) +
                     " (t = " + json_number(scenario.grid.t(report.failed_step)) + ") did not converge";
  }
  record.extra = {{"solver", "coupled semismooth Newton"},
                  {"newton_iterations", report.newton_iterations},
                  {"step_iterations", report.step_iterations},
                  {"failed_step", report.failed_step},
                  {"initial_lcp_solved", report.initial_lcp_solved}};
  return record;
}

}  // namespace

DlcpRunRecord run_implicit_euler(const DlcpScenario& scenario, const relcp::dcs::BatchedLcpBackend&,
                                 const DlcpReference&) {
  const DlcpProblemForm& form = scenario.problem.form;
  if (const auto* linear = std::get_if<relcp::dcs::DlcpProblem>(&form)) return run_linear(*linear, scenario);
  if (const auto* nonlinear = std::get_if<relcp::dcs::DncpProblem>(&form)) return run_coupled(*nonlinear, scenario);
  return run_coupled(relcp::dcs::as_dncp(std::get<relcp::dcs::ProjectedDynamicalSystem>(form)), scenario);
}

}  // namespace relcp::io::dcs
