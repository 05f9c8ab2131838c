#pragma once
// `problem` sections of the friction problem types, validated into a FrictionOscillator.

#include "dcs/switching/friction_oscillator.hpp"
#include "io/dcs/scenario_document.hpp"

namespace relcp::io::dcs {

// type friction_chain: masses, stiffness, damping, friction (one per mass), forcing
// ({mass, amplitude, omega, phase} or a list of them), x0, v0.
relcp::dcs::FrictionOscillator parse_friction_chain(const ScenarioNode& problem);

// type friction_oscillator: mass, damping, stiffness (n x n matrices as lists of rows, or lists
// of n diagonal entries), friction, forcing ({dof, amplitude, omega, phase}, or a list), x0, v0.
relcp::dcs::FrictionOscillator parse_friction_oscillator(const ScenarioNode& problem);

}  // namespace relcp::io::dcs
