#pragma once
// The one table of contact strategies (docs/extending.md, "A contact strategy"): name, one-line
// summary and factory. The scenario's choices, error messages and the parametrized tests read
// it; a new strategy is one entry in strategy_registry.cpp (or one register_contact_strategy
// call) and its class. A strategy is known by its name only: there is no enum of strategies
// whose switches could fall back to one of them.

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "collision/strategies/contact_settings.hpp"
#include "collision/strategies/contact_strategy.hpp"

namespace relcp::collision {

struct ContactStrategyEntry {
  std::string_view name;
  std::string_view summary;  // one line, for --help and docs
  std::unique_ptr<ContactStrategy> (*make)(const ContactSettings& settings) = nullptr;
};

// Every strategy, the built-in ones first in a fixed order, then those registered at run time.
const std::vector<ContactStrategyEntry>& contact_strategies();

// Adds a strategy (tests register toys). Throws std::invalid_argument for a name already taken.
void register_contact_strategy(const ContactStrategyEntry& entry);

// Throws InputError (key "strategy") for an unknown name, listing the known ones.
const ContactStrategyEntry& contact_strategy(std::string_view name);
std::unique_ptr<ContactStrategy> make_contact_strategy(const ContactSettings& settings);

std::vector<std::string> contact_strategy_names();

}  // namespace relcp::collision
