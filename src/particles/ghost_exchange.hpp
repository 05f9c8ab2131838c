#pragma once
// Builds the ghost layer: every rank receives copies (with their periodic image shift) of the
// bodies whose centres lie within the halo width of its region, and can refresh those copies
// along the same plan after the owners changed their state (e.g. ReLCP trial poses).

#include <mpi.h>

#include <span>
#include <vector>

#include "particles/body.hpp"
#include "particles/domain.hpp"
#include "particles/ghost.hpp"
#include "particles/record_exchange.hpp"
#include "particles/region_map.hpp"

namespace relcp::particles {

class GhostExchange {
 public:
  // Collective. Sends to every rank r (this one included, for periodic images) each image
  // x + s of an owned centre (s a combination of 0 and +-period on periodic axes) lying within
  // `halo_width` of r's region, except the body itself on its own rank. Throws InputError when
  // a periodic length is below twice the halo width.
  std::vector<Ghost> build(MPI_Comm comm, const RegionMap& regions, const Domain& domain, std::span<const Body> owned,
                           double halo_width);

  // Collective. Resends the bodies of the last build with their current state; `owned` must
  // be the same list (same size and order) that build() saw.
  void refresh(MPI_Comm comm, std::span<const Body> owned, std::vector<Ghost>& ghosts) const;

  void clear() {
    sends_.clear();
    num_owned_ = 0;
    num_ghosts_ = 0;
  }

 private:
  struct Send {
    int index;    // into owned
    Vec3 offset;  // periodic image shift
  };
  std::vector<std::vector<Send>> sends_;  // per destination rank
  std::size_t num_owned_ = 0;
  std::size_t num_ghosts_ = 0;

  ReceivedRecords transfer(MPI_Comm comm, std::span<const Body> owned) const;
};

}  // namespace relcp::particles
