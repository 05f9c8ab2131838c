#pragma once
// Fixed-size flat records of a Body for MPI messages and checkpoints: the id (bit-exact), the
// shape kind and its parameters, pose, velocities, force and torque.

#include "particles/body.hpp"

namespace relcp::particles {

inline constexpr int kBodyRecordSize = 24;  // doubles per body

void pack_body(const Body& body, double* record);
// Throws RunTimeFailure for a record with an unknown shape kind.
Body unpack_body(const double* record);

}  // namespace relcp::particles
