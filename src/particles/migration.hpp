#pragma once
// Moving owned bodies between ranks: to the owner of the region their centre entered, or to
// destinations chosen by a partitioner.

#include <mpi.h>

#include <vector>

#include "particles/body.hpp"
#include "particles/domain.hpp"
#include "particles/region_map.hpp"

namespace relcp::particles {

// Collective. Sends body i to rank destination[i] (this rank keeps its own), appends what
// arrives, and leaves `owned` sorted by id. Returns the number of bodies that left this rank.
std::size_t send_bodies_to(MPI_Comm comm, const std::vector<int>& destination, std::vector<Body>& owned);

// Collective. Wraps every owned centre into the periodic domain, then sends each body whose
// centre left this rank's closed region to the owner of its position. Afterwards every owned
// centre lies in this rank's closed region. Cheap when few bodies move: a departed body's
// place is taken by the last one and arrivals are appended, so the order is not kept. Throws
// RunTimeFailure on every rank when any rank has a non-finite position. Returns the number of
// bodies that left this rank.
std::size_t migrate_bodies(MPI_Comm comm, const RegionMap& regions, const Domain& domain, std::vector<Body>& owned);

}  // namespace relcp::particles
