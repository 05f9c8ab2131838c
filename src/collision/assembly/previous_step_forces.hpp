#pragma once
// Warm start of a step's first LCP from the previous step's forces (the paper leaves the warm
// start open; it needs matched constraints; off by default: docs/collision_strategies.md,
// "Decisions"). Before DistributedConstraintMatrix::reset(), capture
// the solved forces by constraint key (body A, body B, wall, creation index), summed over the
// step's generations: for ReLCP that is the pair's total force, for multisphere the sub-sphere
// pair's own. After the next step's first append, a row with a remembered key starts from that
// force, every other row from zero. Local: a constraint is matched only on the rank that held it
// (its owner, the owner of body A, changes only when body A migrates).
//
// Tangent and rolling rows are remembered as vectors in the lab frame (the force times the row's
// direction, summed over the contact's two rows and the step's generations) and started from
// that vector's component along the new row's direction. Their frames are rebuilt at every
// step, and unit_perpendicular(n) turns t1 by about 90 degrees when two of n's components trade
// places as the smallest (a sphere in the pocket of four has |n_x| = |n_y|), so a force matched
// by role alone could start in the wrong direction (docs/friction.md, "Warm starts across
// steps").

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

  // The remembered scalars and lab-frame vectors.
  std::size_t size() const { return force_of_.size() + lab_vector_of_.size(); }
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
  // Normal and spinning rows (a spinning row's axis is the normal): the force of the row's key.
  std::map<Key, double> force_of_;
  // Tangent and rolling rows: the lab-frame vector, keyed with the role of the pair's first row.
  std::map<Key, Vec3> lab_vector_of_;
};

}  // namespace relcp::collision
