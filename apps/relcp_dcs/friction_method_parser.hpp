#pragma once
// `method` sections for friction problems: switching, taubert-euler, taubert-rk4, moreau.

#include <string>
#include <variant>

#include "dcs/moreau.hpp"
#include "dcs/switching_integrator.hpp"
#include "dcs/taubert.hpp"
#include "relcp_dcs/scenario_document.hpp"

namespace relcp::apps::dcs {

struct FrictionMethod {
  std::string name;
  std::variant<relcp::dcs::SwitchingOptions, relcp::dcs::TaubertOptions, relcp::dcs::MoreauOptions> options;
  std::string lcp_solver;  // moreau only
};

FrictionMethod parse_friction_method(const ScenarioNode& root);

}  // namespace relcp::apps::dcs
