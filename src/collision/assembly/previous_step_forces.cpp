#include "collision/assembly/previous_step_forces.hpp"

#include <stdexcept>

namespace relcp::collision {

PreviousStepForces::PreviousStepForces(const DistributedConstraintMatrix& matrix, const DistributedVector& gamma) {
  const ConstraintSet& set = matrix.constraints();
  if (gamma.local_size() != set.size()) {
    throw std::invalid_argument("PreviousStepForces: gamma does not have the matrix's layout");
  }
  for (std::size_t r = 0; r < set.size(); ++r) force_of_[sort_key(set[r])] += gamma[r];
}

DistributedVector PreviousStepForces::warm_start(const DistributedConstraintMatrix& matrix) const {
  const ConstraintSet& set = matrix.constraints();
  DistributedVector start(matrix.constraint_layout());
  for (std::size_t r = 0; r < set.size(); ++r) {
    const auto found = force_of_.find(sort_key(set[r]));
    if (found != force_of_.end()) start[r] = found->second;
  }
  return start;
}

}  // namespace relcp::collision
