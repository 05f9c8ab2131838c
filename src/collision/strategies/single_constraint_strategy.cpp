#include "collision/strategies/single_constraint_strategy.hpp"

#include "collision/detection/pair_constraints.hpp"
#include "collision/detection/wall_constraints.hpp"

namespace relcp::collision {

std::vector<ConstraintRecord> deepest_point_rows(const ContactScene& scene, double threshold) {
  const auto& owned = scene.store.owned();
  std::vector<ConstraintRecord> rows =
      deepest_point_constraints(scene.pairs, scene.separations, owned, scene.store.ghosts(), threshold);
  std::vector<ConstraintRecord> wall_rows = deepest_point_wall_constraints(scene.walls, owned, threshold);
  rows.insert(rows.end(), wall_rows.begin(), wall_rows.end());
  return rows;
}

std::vector<ConstraintRecord> SingleConstraintStrategy::rows_at_start(const ContactScene& start) const {
  return deepest_point_rows(start, search_buffer_);
}

}  // namespace relcp::collision
