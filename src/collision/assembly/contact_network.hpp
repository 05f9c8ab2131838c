#pragma once
// One rank's constraint network after a step's final LCP solve, for the snapshots
// (docs/output.md, contacts): one link per locally owned normal row; a frictional contact's
// tangent rows give its link's tangential force, its rolling and spinning rows the resisting
// torque.

#include <vector>

#include "collision/assembly/constraint_record.hpp"
#include "collision/assembly/constraint_set.hpp"
#include "collision/linalg/distributed_vector.hpp"
#include "core/types.hpp"

namespace relcp::collision {

struct ContactLink {
  // Lab frame, where the row was built: at the step's start configuration (generation 0) or at
  // the ReLCP trial configuration that added it; B (or the wall) at the image the pair used.
  // Multisphere rows join sub-sphere surfaces.
  Vec3 point_a = Vec3::Zero();
  Vec3 point_b = Vec3::Zero();
  Vec3 normal = Vec3::UnitX();  // unit, from A toward B: the direction of the force on B
  double force = 0.0;           // gamma of the row, >= 0
  // With friction (docs/friction.md): the tangential force on B, gamma_t1 t1 + gamma_t2 t2.
  Vec3 tangential_force = Vec3::Zero();
  // With rolling or spinning resistance: the resisting torque on B (minus on A), lab frame.
  Vec3 resistance_torque = Vec3::Zero();
  GlobalId body_a = kNoBody;
  GlobalId body_b = kNoBody;  // kNoBody for a wall
};

// `gamma` lives on the layout of the matrix that holds `constraints`: local entry i is the force
// of constraints[i] (generation-major local order). Throws std::invalid_argument when the local
// sizes differ.
std::vector<ContactLink> contact_network(const ConstraintSet& constraints, const DistributedVector& gamma);

}  // namespace relcp::collision
