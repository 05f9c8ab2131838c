// method.name = laplace: the parallel Laplace-inversion iteration of [PL] for linear DLCPs
// (docs/laplace.md). The contour sums run on method.backend, like the LCP batch.

#include <string>
#include <variant>

#include "core/error.hpp"
#include "dcs/laplace/laplace_iteration.hpp"
#include "io/dcs/dlcp_methods.hpp"

namespace relcp::io::dcs {

DlcpRunRecord run_laplace(const DlcpScenario& scenario, const relcp::dcs::BatchedLcpBackend& backend,
                          const DlcpReference& reference) {
  const auto* linear = std::get_if<relcp::dcs::DlcpProblem>(&scenario.problem.form);
  if (linear == nullptr) {
    throw InputError("method.name", "the laplace method solves linear DLCPs; problem type '" + scenario.problem.type +
                                        "' is not one (use gauss-seidel or implicit-euler)");
  }
  relcp::dcs::LaplaceOptions options;
  options.contour_half_nodes = scenario.method.contour_half_nodes;
  options.tolerance = scenario.method.tolerance;
  options.max_iterations = scenario.method.max_iterations;
  options.selection = scenario.method.selection;
  options.lcp_tolerance = scenario.method.lcp_tolerance;
  options.reference = reference;
  relcp::dcs::LaplaceResult result = relcp::dcs::solve_laplace(*linear, scenario.grid, options, backend);
  const relcp::dcs::LaplaceReport& report = result.report;

  DlcpRunRecord record;
  record.trajectory = std::move(result.trajectory);
  record.converged = report.converged;
  record.iterations = report.iterations;
  record.change_history = report.change_history;
  record.error_history = report.error_history;
  record.split = report.split;
  if (report.lcp_failed) {
    record.failure = "at t = " + json_number(report.failure_time) + " an LCP has no solution found (" +
                     std::string(relcp::lcp::to_string(report.failure_status)) + ")";
  }
  record.extra = {{"ode_solver", report.ode_solver},
                  {"device_resident", report.device_resident},
                  {"contour_half_nodes", options.contour_half_nodes},
                  {"theta_max", report.theta_max},
                  {"setup_seconds", report.setup_seconds},
                  {"lcp_iterations", report.lcp_iterations},
                  {"initial_lcp_solved", report.initial_lcp_solved}};
  return record;
}

}  // namespace relcp::io::dcs
