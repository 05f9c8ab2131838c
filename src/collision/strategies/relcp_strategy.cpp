#include "collision/strategies/relcp_strategy.hpp"

#include "collision/strategies/single_constraint_strategy.hpp"

namespace relcp::collision {

std::vector<ConstraintRecord> RelcpStrategy::rows_at_start(const ContactScene& start) const {
  return deepest_point_rows(start, search_buffer_);
}

std::vector<ConstraintRecord> RelcpStrategy::rows_at_trial(const ContactScene& trial) const {
  return deepest_point_rows(trial, -tolerance_);
}

}  // namespace relcp::collision
