#pragma once
// The `method` and `time` sections of DLCP-family scenarios (docs/dlcp.md):
//   time:   {T, h}
//   method: {name, tolerance, max_iterations, window, selection, lcp_tolerance, backend,
//            linear_solver, infeasible, reference, require_convergence, contour_half_nodes}

#include "dcs/problems/dlcp_time_grid.hpp"
#include "io/dcs/dlcp_scenario.hpp"
#include "io/dcs/scenario_document.hpp"

namespace relcp::io::dcs {

relcp::dcs::TimeGrid parse_dlcp_time(const ScenarioNode& root);

// Defaults for selection and infeasible come from the problem. The name must be one of
// dlcp_methods() (InputError listing them otherwise).
DlcpMethodSettings parse_dlcp_method(const ScenarioNode& root, const DlcpScenarioProblem& problem);

}  // namespace relcp::io::dcs
