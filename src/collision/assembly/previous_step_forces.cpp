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

void PreviousStepForces::save(FlatStateWriter& out) const {
  out.integer(static_cast<std::int64_t>(force_of_.size()));
  for (const auto& [key, force] : force_of_) {
    const auto& [body_a, body_b, wall, creation_index, role] = key;
    out.integer(body_a);
    out.integer(body_b);
    out.integer(wall);
    out.integer(creation_index);
    out.integer(role);
    out.number(force);
  }
}

void PreviousStepForces::restore(FlatStateReader& in) {
  force_of_.clear();
  merge(in);
}

void PreviousStepForces::merge(FlatStateReader& in) {
  for (std::size_t n = in.count(); n > 0; --n) {
    Key key;
    auto& [body_a, body_b, wall, creation_index, role] = key;
    body_a = in.integer();
    body_b = in.integer();
    wall = static_cast<std::remove_reference_t<decltype(wall)>>(in.integer());
    creation_index = static_cast<std::remove_reference_t<decltype(creation_index)>>(in.integer());
    role = static_cast<int>(in.integer());
    force_of_.emplace(key, in.number());
  }
}

void PreviousStepForces::keep_only(const std::function<bool(GlobalId)>& owned_here) {
  std::erase_if(force_of_, [&](const auto& entry) { return !owned_here(std::get<0>(entry.first)); });
}

}  // namespace relcp::collision
