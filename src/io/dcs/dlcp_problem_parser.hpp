#pragma once
// `problem` sections of the DLCP family: dlcp (matrices and muParser expressions), signorini,
// wuchen_small, rectifier, pds. Every error is an InputError located at its key.

#include "io/dcs/dlcp_scenario.hpp"
#include "io/dcs/scenario_document.hpp"

namespace relcp::io::dcs {

DlcpScenarioProblem parse_dlcp_problem(const ScenarioNode& problem);
DlcpScenarioProblem parse_signorini_problem(const ScenarioNode& problem);
DlcpScenarioProblem parse_wuchen_small_problem(const ScenarioNode& problem);
DlcpScenarioProblem parse_rectifier_problem(const ScenarioNode& problem);
DlcpScenarioProblem parse_pds_problem(const ScenarioNode& problem);

}  // namespace relcp::io::dcs
