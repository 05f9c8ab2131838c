// method.name = implicit-euler: the direct time-stepping baselines.

#include <string>

#include "dcs/implicit_euler.hpp"
#include "dcs/implicit_euler_dncp.hpp"
#include "relcp_dcs/dlcp_methods.hpp"

namespace relcp::apps::dcs {
namespace {

std::string optional_flag(const std::optional<bool>& value) {
  return value.has_value() ? (*value ? "true" : "false") : json_string("unknown");
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
    record.failure = "the LCP of step " + std::to_string(report.failed_step) + " (t = " +
                     json_number(scenario.grid.t(report.failed_step)) + ") has no solution found (" +
                     std::string(relcp::lcp::to_string(report.failure_status)) + ")";
  }
  record.extra = {{"step_matrix_is_z", report.step_matrix_is_z ? "true" : "false"},
                  {"step_matrix_largest_off_diagonal", json_number(report.step_matrix_largest_off_diagonal)},
                  {"step_matrix_is_p", optional_flag(report.step_matrix_is_p)},
                  {"selection_applies_to_step_matrix", optional_flag(report.selection_applies)},
                  {"failed_step", json_number(static_cast<double>(report.failed_step))},
                  {"lcp_iterations", json_number(static_cast<double>(report.lcp_iterations))},
                  {"linear_solver", json_string(report.linear_solver)},
                  {"krylov_iterations", json_number(static_cast<double>(report.krylov_iterations))},
                  {"initial_lcp_solved", report.initial_lcp_solved ? "true" : "false"}};
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
    record.failure = "the semismooth Newton solve of step " + std::to_string(report.failed_step) + " (t = " +
                     json_number(scenario.grid.t(report.failed_step)) + ") did not converge";
  }
  std::string steps = "[";
  for (std::size_t j = 0; j < report.step_iterations.size(); ++j) {
    if (j > 0) steps += ",";
    steps += std::to_string(report.step_iterations[j]);
  }
  record.extra = {{"solver", json_string("coupled semismooth Newton")},
                  {"newton_iterations", json_number(static_cast<double>(report.newton_iterations))},
                  {"step_iterations", steps + "]"},
                  {"failed_step", json_number(static_cast<double>(report.failed_step))},
                  {"initial_lcp_solved", report.initial_lcp_solved ? "true" : "false"}};
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

}  // namespace relcp::apps::dcs
