#pragma once
// The `time` section shared by every relcp_dcs scenario: {T, output_every, t0 (default 0)}.

#include "dcs/switching/simulation_record.hpp"
#include "io/dcs/scenario_document.hpp"

namespace relcp::io::dcs {

relcp::dcs::TimeSpan parse_time_section(const ScenarioNode& root);

}  // namespace relcp::io::dcs
