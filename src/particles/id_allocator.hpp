#pragma once
// Global body ids. Listed bodies get 0, 1, ...; generated and divided bodies get ids from
// next_free() on. Allocation is collective and ordered by a caller-given unique key (e.g. the
// parent id of a dividing cell), so the ids do not depend on how bodies are spread over ranks.

#include <mpi.h>

#include <span>
#include <vector>

#include "core/types.hpp"

namespace relcp::particles {

class IdAllocator {
 public:
  explicit IdAllocator(GlobalId next_free = 0) : next_free_(next_free) {}

  // The smallest id not yet handed out; identical on all ranks. Checkpoint it.
  GlobalId next_free() const { return next_free_; }
  void set_next_free(GlobalId next_free) { next_free_ = next_free; }

  // Collective. Returns one new id per key of this rank (same order as `keys`). Keys must be
  // unique across all ranks; ids go out in increasing key order over all ranks, starting at
  // next_free(), which then moves past them on every rank.
  std::vector<GlobalId> allocate(MPI_Comm comm, std::span<const GlobalId> keys);

  // Collective: moves next_free() above every rank's `local_max_id` (pass -1 for none).
  void reserve_through(MPI_Comm comm, GlobalId local_max_id);

 private:
  GlobalId next_free_ = 0;
};

}  // namespace relcp::particles
