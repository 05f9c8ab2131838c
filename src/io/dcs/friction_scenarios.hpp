#pragma once
// Friction problems (FrictionOscillator) with the methods switching, taubert-euler, taubert-rk4
// and moreau. See docs/switching.md for the keys.

#include <memory>

#include "io/dcs/scenario_document.hpp"
#include "io/dcs/scenario_kind.hpp"

namespace relcp::io::dcs {

std::unique_ptr<PreparedRun> prepare_friction_chain(const ScenarioDocument& document);
std::unique_ptr<PreparedRun> prepare_friction_oscillator(const ScenarioDocument& document);

}  // namespace relcp::io::dcs
