#pragma once
// The checks across sections of a scenario, made once on the typed scenario after every section
// has been read (each section's own values are checked by its reader): there are bodies, rods can
// divide, growth per step is bounded, the multisphere count suits every shape, the candidate
// pairs fit in memory, walls have a contact strategy, friction has an inertial run and a cone
// solver, gravity has masses. Each failure names the file, line and key of scenario.marks.

#include "io/scenario/scenario.hpp"

namespace relcp::io {

// Throws InputError at the first check that fails.
void validate_scenario(const Scenario& scenario);

}  // namespace relcp::io
