#pragma once
// Pair rows of a monolayer (ContactDynamics::monolayer: bodies in z = 0 that move in the plane
// and turn about z). A row whose normal leaves the plane has no mobility along its out-of-plane
// part, and one along z has none at all. Separations give such a normal only where two rods'
// axes meet, after a trial let them pass into each other by a diameter: the fallback normal there
// is the axes' cross product, the plane's normal. With a negative gap that row is an LCP no
// solver can satisfy, and a colony run stalled on one (docs/collision_alm.md, "Found: not the
// factorization, an infeasible row").

#include <span>

#include "collision/assembly/constraint_record.hpp"

namespace relcp::collision {

// Normal pair rows whose normal is more out of the plane than in it act in the plane instead:
// along the in-plane part of the normal, or where that vanishes along the line between the two
// contact points' centres (the bodies' centres), or x where those coincide. The gap and the
// contact points stay. Other rows are left bit for bit. Returns how many rows changed.
int keep_pair_rows_in_plane(std::span<ConstraintRecord> rows);

}  // namespace relcp::collision
