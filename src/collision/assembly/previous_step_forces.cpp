#include "collision/assembly/previous_step_forces.hpp"

#include <optional>
#include <stdexcept>

namespace relcp::collision {
namespace {

// Positions in sort_key's tuple (constraint_record.hpp).
constexpr std::size_t kBodyAOfKey = 1;
constexpr std::size_t kRoleOfKey = 5;

// The role under which a row's lab-frame vector is kept: tangent_1 for both tangent rows,
// rolling_1 for both rolling rows; none for the scalar rows.
std::optional<RowRole> lab_vector_role(RowRole role) {
  switch (role) {
    case RowRole::tangent_1:
    case RowRole::tangent_2:
      return RowRole::tangent_1;
    case RowRole::rolling_1:
    case RowRole::rolling_2:
      return RowRole::rolling_1;
    default:
      return std::nullopt;
  }
}

// In checkpoints a lab-frame vector is three entries whose role field is this base plus 3 times
// its role plus the component. Roles 1-4 there are the scalars of a checkpoint written before
// the vectors: their frames are lost, so they are dropped on reading.
constexpr std::int64_t kLabComponentRoleBase = 16;

}  // namespace

PreviousStepForces::PreviousStepForces(const DistributedConstraintMatrix& matrix, const DistributedVector& gamma) {
  const ConstraintSet& set = matrix.constraints();
  if (gamma.local_size() != set.size()) {
    throw std::invalid_argument("PreviousStepForces: gamma does not have the matrix's layout");
  }
  for (std::size_t r = 0; r < set.size(); ++r) {
    const ConstraintRecord& record = set[r];
    if (const auto role = lab_vector_role(record.role)) {
      auto key = sort_key(record);
      std::get<kRoleOfKey>(key) = static_cast<int>(*role);
      lab_vector_of_.try_emplace(key, Vec3::Zero()).first->second += gamma[r] * record.tangent;
    } else {
      force_of_[sort_key(record)] += gamma[r];
    }
  }
}

DistributedVector PreviousStepForces::warm_start(const DistributedConstraintMatrix& matrix) const {
  const ConstraintSet& set = matrix.constraints();
  DistributedVector start(matrix.constraint_layout());
  for (std::size_t r = 0; r < set.size(); ++r) {
    const ConstraintRecord& record = set[r];
    if (const auto role = lab_vector_role(record.role)) {
      auto key = sort_key(record);
      std::get<kRoleOfKey>(key) = static_cast<int>(*role);
      const auto found = lab_vector_of_.find(key);
      if (found != lab_vector_of_.end()) start[r] = found->second.dot(record.tangent);
    } else {
      const auto found = force_of_.find(sort_key(record));
      if (found != force_of_.end()) start[r] = found->second;
    }
  }
  return start;
}

namespace {

template <class Key>
void write_entry(FlatStateWriter& out, const Key& key, std::int64_t role_field, double value) {
  const auto& [is_wall, body_a, body_b, wall, creation_index, role] = key;
  out.integer(body_a);
  out.integer(body_b);
  out.integer(wall);
  out.integer(creation_index);
  out.integer(role_field);
  out.number(value);
}

}  // namespace

void PreviousStepForces::save(FlatStateWriter& out) const {
  out.integer(static_cast<std::int64_t>(force_of_.size() + 3 * lab_vector_of_.size()));
  for (const auto& [key, force] : force_of_) write_entry(out, key, std::get<kRoleOfKey>(key), force);
  for (const auto& [key, vector] : lab_vector_of_) {
    for (int k = 0; k < 3; ++k)
      write_entry(out, key, kLabComponentRoleBase + 3 * std::get<kRoleOfKey>(key) + k, vector[k]);
  }
}

void PreviousStepForces::restore(FlatStateReader& in) {
  force_of_.clear();
  lab_vector_of_.clear();
  merge(in);
}

void PreviousStepForces::merge(FlatStateReader& in) {
  std::map<Key, Vec3> read_vectors;
  for (std::size_t n = in.count(); n > 0; --n) {
    Key key;
    auto& [is_wall, body_a, body_b, wall, creation_index, role] = key;
    body_a = in.integer();
    body_b = in.integer();
    is_wall = body_b == kNoBody;
    wall = static_cast<std::remove_reference_t<decltype(wall)>>(in.integer());
    creation_index = static_cast<std::remove_reference_t<decltype(creation_index)>>(in.integer());
    const std::int64_t role_field = in.integer();
    const double value = in.number();
    if (role_field >= kLabComponentRoleBase) {
      role = static_cast<int>((role_field - kLabComponentRoleBase) / 3);
      read_vectors.try_emplace(key, Vec3::Zero()).first->second[(role_field - kLabComponentRoleBase) % 3] = value;
    } else {
      role = static_cast<int>(role_field);
      if (!lab_vector_role(static_cast<RowRole>(role))) force_of_.emplace(key, value);
    }
  }
  for (const auto& [key, vector] : read_vectors) lab_vector_of_.emplace(key, vector);
}

void PreviousStepForces::keep_only(const std::function<bool(GlobalId)>& owned_here) {
  const auto elsewhere = [&](const auto& entry) { return !owned_here(std::get<kBodyAOfKey>(entry.first)); };
  std::erase_if(force_of_, elsewhere);
  std::erase_if(lab_vector_of_, elsewhere);
}

}  // namespace relcp::collision
