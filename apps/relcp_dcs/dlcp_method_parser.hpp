#pragma once
// The `method` and `time` sections of DLCP-family scenarios (docs/dlcp.md):
//   time:   {T, h}
//   method: {name, tolerance, max_iterations, window, selection, lcp_tolerance, backend,
//            linear_solver, infeasible, reference, require_convergence, contour_half_nodes}

#include "dcs/dlcp_time_grid.hpp"
#include "relcp_dcs/dlcp_scenario.hpp"
#include "relcp_dcs/scenario_document.hpp"

namespace relcp::apps::dcs {

relcp::dcs::TimeGrid parse_dlcp_time(const ScenarioNode& root);

// Defaults for selection and infeasible come from the problem. The name must be one of
// dlcp_methods() (InputError listing them otherwise).
DlcpMethodSettings parse_dlcp_method(const ScenarioNode& root, const DlcpScenarioProblem& problem);

}  // namespace relcp::apps::dcs
