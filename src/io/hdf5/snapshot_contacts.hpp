#pragma once
// The `contacts` subgroup of a snapshot group in relcp.h5 (docs/output.md): the constraint
// network of the step that ended at the snapshot, one row per link, grouped by owner rank.
//   points  2n x 3  point_a then point_b of each link     force  n    gamma (>= 0)
//   normal  n x 3   from A toward B                        body_a, body_b  n  int64 (-1: wall)
// and the attribute `count` = n. Written also when n = 0.

#include <hdf5.h>
#include <mpi.h>

#include <cstdint>
#include <span>
#include <vector>

#include "collision/assembly/contact_network.hpp"

namespace relcp::io {

// Collective over `comm`: creates `contacts` in `snapshot_group` from every rank's links and
// returns n.
std::int64_t write_snapshot_contacts(MPI_Comm comm, hid_t snapshot_group, std::span<const collision::ContactLink> links,
                                     hid_t transfer);

// n from the attribute; 0 for a snapshot without the subgroup (written before it existed).
std::int64_t snapshot_contact_count(hid_t snapshot_group);

// One process: every link, in file order (empty without the subgroup).
std::vector<collision::ContactLink> read_snapshot_contacts(hid_t snapshot_group);

}  // namespace relcp::io
