#pragma once
// DIR/relcp.h5: one group per snapshot, /snapshots/NNNNNNNN (the step, at least 8 digits), with
// attributes `time` and `step` and one row per body in the datasets id, position, orientation
// (w x y z), shape, shape_params, velocity, angular_velocity, force, torque and owner
// (docs/output.md). Rows are grouped by owner rank; each rank's rows are sorted by id. The
// subgroup `contacts` holds the constraint network of the step (snapshot_contacts.hpp).
// Every function here is collective over `comm`; the file is open only during the call, so it
// can be read while a run goes on.

#include <mpi.h>

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "collision/assembly/contact_network.hpp"
#include "particles/body.hpp"

namespace relcp::io {

struct SnapshotInfo {
  std::int64_t step = 0;
  double time = 0.0;
  std::int64_t bodies = 0;
  std::int64_t contacts = 0;  // links in the contacts subgroup
};

std::string snapshot_group_name(std::int64_t step);  // "/snapshots/00000042"

// Creates the file (replacing an existing one) with an empty /snapshots group.
void create_snapshot_file(MPI_Comm comm, const std::string& path);

// Opens an existing file, deletes the snapshots after `last_step` (a restart continues from
// there) and returns the remaining ones in step order.
std::vector<SnapshotInfo> keep_snapshots_through(MPI_Comm comm, const std::string& path, std::int64_t last_step);

// Appends the snapshot of `step` (replacing one of the same step) from every rank's owned
// bodies and the links of the constraints it owned in the step that ended here.
SnapshotInfo write_snapshot(MPI_Comm comm, const std::string& path, std::int64_t step, double time,
                            std::span<const particles::Body> owned, std::span<const collision::ContactLink> links = {});

}  // namespace relcp::io
