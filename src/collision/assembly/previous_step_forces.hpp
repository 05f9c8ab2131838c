#pragma once
// Warm start of a step's first LCP from the previous step's forces (the paper leaves the warm
// start open; it needs matched constraints; off by default: docs/collision_strategies.md,
// "Decisions"). Before DistributedConstraintMatrix::reset(), capture
// the solved forces by constraint key (body A, body B, wall, creation index), summed over the
// step's generations: for ReLCP that is the pair's total force, for multisphere the sub-sphere
// pair's own. After the next step's first append, a row with a remembered key starts from that
// force, every other row from zero. Local: a constraint is matched only on the rank that held it
// (its owner, the owner of body A, changes only when body A migrates).

#include <cstdint>
#include <functional>
#include <map>
#include <tuple>
#include <utility>

#include "collision/assembly/distributed_constraint_matrix.hpp"
#include "collision/assembly/flat_state.hpp"
#include "collision/linalg/distributed_vector.hpp"

namespace relcp::collision {

class PreviousStepForces {
 public:
  PreviousStepForces() = default;
  // gamma on matrix.constraint_layout(); throws std::invalid_argument otherwise.
  PreviousStepForces(const DistributedConstraintMatrix& matrix, const DistributedVector& gamma);

  std::size_t size() const { return force_of_.size(); }
  // A vector on matrix.constraint_layout(): the remembered force of each row's key, else 0.
  DistributedVector warm_start(const DistributedConstraintMatrix& matrix) const;

  // For checkpoints (flat_state.hpp): what this rank remembers. restore() replaces it; merge()
  // adds to it (a row remembered already keeps its force).
  void save(FlatStateWriter& out) const;
  void restore(FlatStateReader& in);
  void merge(FlatStateReader& in);
  // Forgets the rows whose body A `owned_here` says no.
  void keep_only(const std::function<bool(GlobalId)>& owned_here);

 private:
  using Key = decltype(sort_key(std::declval<const ConstraintRecord&>()));
  std::map<Key, double> force_of_;
};

}  // namespace relcp::collision
