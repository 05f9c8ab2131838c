#pragma once
// The constant vector c of the contact LCP 0 <= gamma  _|_  A gamma + c >= 0 in the append-only
// form of eq. (24) of Palmer et al. 2025 (docs/collision.md, "Conventions"): c_alpha is fixed
// when constraint alpha is created,
//   c_alpha = phi_alpha + dt d_alpha^T V,
// with V the body velocity that the linearized gap must already include:
//   generation 0 (the step's first LCP)  V = the velocity without contact forces:
//       overdamped M F_ext, inertial U^k + dt M^-1 F_ext;
//   generation j >= 1 (ReLCP iteration)   V = minus the velocity the forces gamma_{j-1} produce:
//       overdamped -M D gamma_{j-1}, inertial -dt M^-1 D gamma_{j-1}
//       (ContactOperator::constraint_velocities gives M D gamma).

#include "collision/assembly/distributed_constraint_matrix.hpp"
#include "collision/linalg/distributed_vector.hpp"

namespace relcp::collision {

// Collective. c for the matrix's current constraint layout: `previous` (the c of the earlier
// generations; nullptr when the newest generation is the only one) in the local positions of the
// earlier rows, phi + dt J V in those of the newest generation. `velocity` has the body layout.
// Throws std::invalid_argument when previous does not cover exactly the earlier rows.
DistributedVector extend_constant_vector(const DistributedConstraintMatrix& matrix, const DistributedVector* previous,
                                         const DistributedVector& velocity, double dt);

}  // namespace relcp::collision
