#pragma once
// The bodies a scenario starts with: the listed bodies get ids 0, 1, ... in file order, then
// each generator's bodies follow in generator order: `random` ones placed clear of every body
// before them, `chainmail` rings where the lattice puts them.
// A pure function of the scenario: every rank builds the same list.

#include <vector>

#include "io/scenario/scenario.hpp"
#include "particles/body.hpp"

namespace relcp::io {

// Throws InputError at the generator's `count` when its bodies do not fit.
std::vector<particles::Body> build_initial_bodies(const Scenario& scenario);

// The seed of generator `index`: distinct streams for distinct generators of one scenario.
std::uint64_t generator_seed(std::uint64_t scenario_seed, std::size_t index);

}  // namespace relcp::io
