#include "collision/strategies/contact_strategy.hpp"

#include <algorithm>

#include "collision/strategies/multisphere_strategy.hpp"
#include "collision/strategies/relcp_strategy.hpp"
#include "collision/strategies/single_constraint_strategy.hpp"

namespace relcp::collision {

std::unique_ptr<ContactStrategy> make_contact_strategy(const ContactSettings& settings) {
  switch (settings.strategy) {
    case ContactStrategyKind::single:
      return std::make_unique<SingleConstraintStrategy>(settings.search_buffer);
    case ContactStrategyKind::multisphere:
      return std::make_unique<MultisphereStrategy>(settings.multisphere_count, settings.search_buffer,
                                                   settings.walls);
    case ContactStrategyKind::relcp:
      break;
  }
  return std::make_unique<RelcpStrategy>(settings.search_buffer, settings.tolerance,
                                         std::max(1, settings.max_relcp_iterations));
}

}  // namespace relcp::collision
