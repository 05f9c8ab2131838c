#include "collision/strategies/strategy_registry.hpp"

#include <algorithm>

#include "collision/strategies/multisphere_strategy.hpp"
#include "collision/strategies/relcp_strategy.hpp"
#include "collision/strategies/single_constraint_strategy.hpp"
#include "core/error.hpp"
#include "core/listed_names.hpp"
#include "core/named_table.hpp"

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

NamedTable<ContactStrategyEntry>& table() {
  static NamedTable<ContactStrategyEntry> entries({
      {"single", "one deepest-point row per near pair and wall, one LCP", make_single},
      {"multisphere", "rows between sub-spheres of different bodies (and walls), one LCP", make_multisphere},
      {"relcp", "deepest-point rows, then one more per pair still overlapping at the trial (ReLCP)", make_relcp},
  });
  return entries;
}

}  // namespace

const std::vector<ContactStrategyEntry>& contact_strategies() { return table().entries(); }

void register_contact_strategy(const ContactStrategyEntry& entry) { table().add(entry, "register_contact_strategy"); }

const ContactStrategyEntry& contact_strategy(std::string_view name) {
  if (const ContactStrategyEntry* entry = table().find(name)) return *entry;
  throw InputError("strategy", "unknown contact strategy '" + std::string(name) +
                                   "' (known: " + listed(contact_strategy_names()) + ")");
}

std::unique_ptr<ContactStrategy> make_contact_strategy(const ContactSettings& settings) {
  return contact_strategy(settings.strategy.name).make(settings);
}

std::vector<std::string> contact_strategy_names() { return table().names(); }

}  // namespace relcp::collision
