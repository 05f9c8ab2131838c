#pragma once
// Reading DIR/relcp.h5 back on one process (tests, tools): the snapshots it holds and the
// bodies and contacts of one of them.

#include <cstdint>
#include <string>
#include <vector>

#include "collision/assembly/contact_network.hpp"
#include "io/hdf5/snapshot_file.hpp"
#include "particles/body.hpp"

namespace relcp::io {

struct Snapshot {
  std::int64_t step = 0;
  double time = 0.0;
  std::vector<particles::Body> bodies;           // in file order
  std::vector<int> owner;                        // rank of each body
  std::vector<collision::ContactLink> contacts;  // in file order
};

// In step order. Throws RunTimeFailure when the file cannot be read.
std::vector<SnapshotInfo> list_snapshots(const std::string& path);
Snapshot read_snapshot(const std::string& path, std::int64_t step);

}  // namespace relcp::io
