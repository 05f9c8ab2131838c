#pragma once
// A tight-tolerance switching run of Stewart's three-mass problem on [0, 10], for error
// measurements of the fixed-step methods.

#include "dcs/switching/friction_oscillator_system.hpp"
#include "dcs/switching/switching_integrator.hpp"

namespace relcp::dcs::testing {

inline const FrictionOscillator& stewart_oscillator() {
  static const FrictionOscillator oscillator = make_friction_chain(stewart_friction_chain());
  return oscillator;
}

inline const SimulationRecord& stewart_reference() {
  static const SimulationRecord reference = [] {
    const FrictionOscillatorSystem system(stewart_oscillator());
    SwitchingOptions options;
    options.tolerance = 1e-12;
    return integrate_switching(system, stewart_oscillator().initial_state(), {0.0, 10.0, 0.05}, options);
  }();
  return reference;
}

}  // namespace relcp::dcs::testing
