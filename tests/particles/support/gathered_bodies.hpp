#pragma once
// Test helper: every rank's owned bodies, gathered on all ranks and sorted by id.

#include <mpi.h>

#include <span>
#include <vector>

#include "particles/body.hpp"

namespace relcp::particles::testing {

std::vector<Body> gather_all_bodies(MPI_Comm comm, std::span<const Body> owned);

// Bit-for-bit equality of everything a body carries.
bool identical(const Body& a, const Body& b);

}  // namespace relcp::particles::testing
