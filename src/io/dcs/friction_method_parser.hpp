#pragma once
// `method` sections for friction problems: switching, taubert-euler, taubert-rk4, moreau.

#include <string>
#include <variant>

#include "dcs/switching/moreau.hpp"
#include "dcs/switching/switching_integrator.hpp"
#include "dcs/switching/taubert.hpp"
#include "io/dcs/scenario_document.hpp"

namespace relcp::io::dcs {

struct FrictionMethod {
  std::string name;
  std::variant<relcp::dcs::SwitchingOptions, relcp::dcs::TaubertOptions, relcp::dcs::MoreauOptions> options;
  std::string lcp_solver;  // moreau only
};

FrictionMethod parse_friction_method(const ScenarioNode& root);

}  // namespace relcp::io::dcs
