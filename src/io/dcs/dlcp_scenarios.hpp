#pragma once
// The DLCP-family problem types of relcp_dcs (rows of the table in scenario_kind.cpp):
// dlcp, signorini, wuchen_small, rectifier, pds (docs/dlcp.md).

#include <memory>

#include "io/dcs/scenario_document.hpp"
#include "io/dcs/scenario_kind.hpp"

namespace relcp::io::dcs {

std::unique_ptr<PreparedRun> prepare_dlcp(const ScenarioDocument& document);
std::unique_ptr<PreparedRun> prepare_signorini(const ScenarioDocument& document);
std::unique_ptr<PreparedRun> prepare_wuchen_small(const ScenarioDocument& document);
std::unique_ptr<PreparedRun> prepare_rectifier(const ScenarioDocument& document);
std::unique_ptr<PreparedRun> prepare_pds(const ScenarioDocument& document);

}  // namespace relcp::io::dcs
