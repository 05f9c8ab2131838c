#include "collision/strategies/strategy_registry.hpp"

#include <algorithm>
#include <stdexcept>

#include "collision/solvers/distributed_solver_registry.hpp"
#include "collision/strategies/multisphere_strategy.hpp"
#include "collision/strategies/relcp_strategy.hpp"
#include "collision/strategies/single_constraint_strategy.hpp"
#include "core/error.hpp"

namespace relcp::collision {
namespace {

std::unique_ptr<ContactStrategy> make_single(const ContactSettings& settings) {
  return std::make_unique<SingleConstraintStrategy>(settings.strategy.search_buffer);
}

std::unique_ptr<ContactStrategy> make_multisphere(const ContactSettings& settings) {
  return std::make_unique<MultisphereStrategy>(settings.strategy.multisphere_count, settings.strategy.search_buffer,
                                               settings.walls);
}

std::unique_ptr<ContactStrategy> make_relcp(const ContactSettings& settings) {
  return std::make_unique<RelcpStrategy>(settings.strategy.search_buffer, settings.strategy.tolerance,
                                         std::max(1, settings.strategy.max_relcp_iterations));
}

std::vector<ContactStrategyEntry>& table() {
  static std::vector<ContactStrategyEntry> entries{
      {"single", "one deepest-point row per near pair and wall, one LCP", make_single},
      {"multisphere", "rows between sub-spheres of different bodies (and walls), one LCP", make_multisphere},
      {"relcp", "deepest-point rows, then one more per pair still overlapping at the trial (ReLCP)", make_relcp},
  };
  return entries;
}

}  // namespace

const std::vector<ContactStrategyEntry>& contact_strategies() { return table(); }

void register_contact_strategy(const ContactStrategyEntry& entry) {
  const auto& entries = table();
  const bool taken = std::any_of(entries.begin(), entries.end(),
                                 [&](const ContactStrategyEntry& known) { return known.name == entry.name; });
  if (taken || entry.make == nullptr) {
    throw std::invalid_argument("register_contact_strategy: '" + std::string(entry.name) +
                                "' is taken or has no factory");
  }
  table().push_back(entry);
}

const ContactStrategyEntry& contact_strategy(std::string_view name) {
  for (const ContactStrategyEntry& entry : table()) {
    if (entry.name == name) return entry;
  }
  throw InputError("strategy", "unknown contact strategy '" + std::string(name) +
                                   "' (known: " + listed(contact_strategy_names()) + ")");
}

std::unique_ptr<ContactStrategy> make_contact_strategy(const ContactSettings& settings) {
  return contact_strategy(settings.strategy.name).make(settings);
}

std::vector<std::string> contact_strategy_names() {
  std::vector<std::string> names;
  for (const ContactStrategyEntry& entry : table()) names.emplace_back(entry.name);
  return names;
}

}  // namespace relcp::collision
