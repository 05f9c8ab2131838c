#pragma once
// DIR/relcp.xmf: the snapshots in relcp.h5 as XDMF 2 that ParaView's XDMFReader opens directly
// (docs/output.md): the temporal collection `bodies` (per snapshot one vertex per body, every
// body dataset as a point attribute) and the temporal collection `contacts` (per snapshot with
// links one line per link, force, normal and body ids per cell).

#include <string>
#include <vector>

#include "io/hdf5/snapshot_file.hpp"

namespace relcp::io {

// The XML text; `h5_name` is the HDF5 file's path relative to the .xmf file.
std::string xdmf_text(const std::string& h5_name, const std::vector<SnapshotInfo>& snapshots);

// Writes the text to `path` through a temporary file and a rename, so that a reader never sees
// a half-written file. Throws RunTimeFailure when it cannot.
void write_xdmf(const std::string& path, const std::string& h5_name, const std::vector<SnapshotInfo>& snapshots);

}  // namespace relcp::io
