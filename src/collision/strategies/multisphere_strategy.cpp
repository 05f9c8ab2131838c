#include "collision/strategies/multisphere_strategy.hpp"

#include <algorithm>

#include "collision/detection/model_overlap.hpp"
#include "collision/detection/pair_constraints.hpp"
#include "collision/detection/wall_constraints.hpp"

namespace relcp::collision {

std::vector<ConstraintRecord> MultisphereStrategy::rows_at_start(const ContactScene& start) const {
  const auto& owned = start.store.owned();
  std::vector<ConstraintRecord> rows =
      multisphere_constraints(start.pairs, owned, start.store.ghosts(), count_, search_buffer_);
  std::vector<ConstraintRecord> wall_rows = multisphere_wall_constraints(owned, walls_, count_, search_buffer_);
  rows.insert(rows.end(), wall_rows.begin(), wall_rows.end());
  return rows;
}

double MultisphereStrategy::model_overlap(const ContactScene& trial) const {
  const auto& owned = trial.store.owned();
  return std::max(largest_multisphere_overlap(trial.pairs, owned, trial.store.ghosts(), count_),
                  largest_multisphere_wall_overlap(owned, walls_, count_));
}

}  // namespace relcp::collision
