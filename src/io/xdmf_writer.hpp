#pragma once
// DIR/relcp.xmf: an XDMF 2 temporal collection over the snapshots in relcp.h5, with every body
// dataset as a point attribute, that ParaView's XDMFReader opens directly (docs/output.md).

#include <string>
#include <vector>

#include "io/snapshot_file.hpp"

namespace relcp::io {

// The XML text; `h5_name` is the HDF5 file's path relative to the .xmf file.
std::string xdmf_text(const std::string& h5_name, const std::vector<SnapshotInfo>& snapshots);

// Writes the text to `path` through a temporary file and a rename, so that a reader never sees
// a half-written file. Throws RunTimeFailure when it cannot.
void write_xdmf(const std::string& path, const std::string& h5_name,
                const std::vector<SnapshotInfo>& snapshots);

}  // namespace relcp::io
