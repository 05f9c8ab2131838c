#pragma once
// ReLCP's rows carried from one step to the next (docs/collision_strategies.md, "Carried rows").
//
// A ReLCP step starts from one deepest-point row per near pair and rediscovers, one solve at a
// time, the other rows the pair needs: on the colony's nearly parallel rods the deepest point
// flips between the two ends as the rods turn, and the rows of both ends carry force. The rows
// that carried force at the end of a step describe the next step's contacts well: each is kept
// with its contact points fixed in the two bodies and its normal fixed in body A, and re-enters
// the next step's first LCP at the bodies' new poses with the linearised gap it had at the end
// of the step (w = A gamma + c of that row). A carried row within kMergeDistance of the pair's
// new deepest-point row is dropped in its favour. The first solve starts from the carried forces.
//
// The rows are kept on the rank that owns the pair (the lower body id's owner) and follow the pair
// when a migration or repartition gives body A to another rank (follow_owners). Dropping them
// there cost a repartitioned colony step its carried forces, and once let a loaded pair of rods
// pass into each other (docs/collision_alm.md, "Found: not the factorization, an infeasible
// row"). Pairs only; wall rows are rediscovered. A growing rod's
// contact points move with its surface (the axis stretched, the caps shifted); a body whose shape
// changed otherwise (a rod that divided) drops its rows.

#include <functional>
#include <map>
#include <optional>
#include <utility>
#include <vector>

#include "collision/assembly/constraint_record.hpp"
#include "collision/assembly/distributed_constraint_matrix.hpp"
#include "collision/assembly/flat_state.hpp"
#include "collision/detection/contact_scene.hpp"
#include "collision/linalg/distributed_vector.hpp"
#include "geometry/shapes/shape.hpp"
#include "particles/particle_store.hpp"

namespace relcp::collision {

// A contact point (minus the centre, in the body frame) of a body kept with shape `then`, on the
// body's surface as it is `now`: unchanged for an unchanged shape; on a rod that grew, a point of
// the cylinder stretched with the axis and a point of a cap shifted with it. Nothing for a body
// changed otherwise (a rod that divided is shorter, and its centre moved).
std::optional<Vec3> carried_contact_arm(const geometry::Shape& then, const geometry::Shape& now, const Vec3& arm);

class CarriedContacts {
 public:
  // After the step's last solve, with `store`'s owned bodies and ghosts at the accepted trial
  // poses: keeps every normal pair row of `matrix` with gamma > 0, its gap g = A gamma + c and
  // its force. Replaces what was kept. Local.
  void keep(const DistributedConstraintMatrix& matrix, const DistributedVector& gamma, const DistributedVector& gap,
            const particles::ParticleStore& store);

  // Collective, with `store`'s ghosts current (after the next step's ghost exchange): sends each
  // kept pair whose body A another rank owns now to that rank (found among the ghosts; a pair
  // whose body A is neither owned nor a ghost here is dropped). A pair received that is kept
  // here already keeps the rows it has.
  void follow_owners(const particles::ParticleStore& store);

  // The rows for the next step's first LCP: `fresh` (the strategy's rows at C^k from `start`)
  // plus the kept rows of the pairs that `start` still finds near, each at the bodies' poses
  // there (creation_index 1, 2, ... within its pair). Clears what was kept. Local.
  std::vector<ConstraintRecord> rows_with(std::vector<ConstraintRecord> fresh, const ContactScene& start);

  // The starting forces on `matrix`'s rows: each carried row's kept force, each fresh row the
  // force of the kept rows merged into it, others 0. Local.
  DistributedVector forces(const DistributedConstraintMatrix& matrix) const;

  std::size_t kept() const;  // rows kept for the next step

  // For checkpoints (flat_state.hpp): the kept rows of this rank. restore() replaces them;
  // merge() adds to them (a pair kept already keeps its rows).
  void save(FlatStateWriter& out) const;
  void restore(FlatStateReader& in);
  void merge(FlatStateReader& in);
  // Forgets the pairs whose body A `owned_here` says no.
  void keep_only(const std::function<bool(GlobalId)>& owned_here);

 private:
  struct KeptRow {
    Vec3 arm_a, arm_b;                 // contact point minus centre, in each body's frame
    Vec3 normal;                       // in A's frame
    geometry::Shape shape_a, shape_b;  // when kept: a rod that grew stretches its contact points
    double gap = 0.0;
    double force = 0.0;
  };
  using PairKey = std::pair<GlobalId, GlobalId>;
  static void write_row(FlatStateWriter& out, const KeptRow& row);
  static KeptRow read_row(FlatStateReader& in);

  std::map<PairKey, std::vector<KeptRow>> kept_;
  std::map<decltype(sort_key(std::declval<const ConstraintRecord&>())), double> start_force_;
};

}  // namespace relcp::collision
