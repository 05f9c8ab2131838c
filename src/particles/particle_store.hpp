#pragma once
// The distributed body store: this rank's owned bodies, its ghost copies of nearby bodies, the
// region map that decides ownership, and the global id allocator.
//
// A step usually runs: move owned bodies -> migrate() (or rebalance() every rebalance_every
// steps) -> exchange_ghosts(buffer) -> find_candidate_pairs(store, buffer).

#include <mpi.h>

#include <span>
#include <vector>

#include "particles/body.hpp"
#include "particles/domain.hpp"
#include "particles/ghost.hpp"
#include "particles/ghost_exchange.hpp"
#include "particles/id_allocator.hpp"
#include "particles/partitioner.hpp"
#include "particles/region_map.hpp"

namespace relcp::particles {

class ParticleStore {
 public:
  // Until the first rebalance() rank 0 owns all of space.
  ParticleStore(MPI_Comm comm, Domain domain);

  MPI_Comm comm() const { return comm_; }
  int rank() const { return rank_; }
  int num_ranks() const { return num_ranks_; }
  const Domain& domain() const { return domain_; }
  const RegionMap& regions() const { return regions_; }

  // Owned bodies: sorted by id after rebalance() and add_owned(); migrate() keeps the order
  // except that a departed body's place goes to the last body and arrivals are appended.
  // Changing positions is fine; adding or removing bodies invalidates the ghosts until the next
  // exchange_ghosts().
  std::vector<Body>& owned() { return owned_; }
  const std::vector<Body>& owned() const { return owned_; }
  const std::vector<Ghost>& ghosts() const { return ghosts_; }

  IdAllocator& id_allocator() { return ids_; }
  const IdAllocator& id_allocator() const { return ids_; }

  // Collective. Every rank passes the same bodies; rank r keeps the r-th contiguous slice.
  // The id allocator moves past the largest id. Call rebalance() next.
  void distribute_from_all(std::span<const Body> all);
  // Collective. Adds this rank's bodies (e.g. read from a checkpoint) and moves the id
  // allocator past the largest id on any rank.
  void add_owned(std::span<const Body> bodies);
  // Collective. Resumes a saved distribution on the same number of ranks: this rank's bodies in
  // their saved order and the saved regions (one per rank). The id allocator moves past the
  // largest id on any rank. Throws RunTimeFailure when the regions are for another rank count.
  void restore(std::vector<Body> bodies, RegionMap regions);

  std::int64_t global_count() const;          // collective
  double global_max_bounding_radius() const;  // collective; 0 without bodies

  // Collective: partitions the owned centres, moves bodies to their new ranks and adopts the
  // new regions. Clears the ghosts.
  void rebalance(const Partitioner& partitioner, std::span<const double> weights = {});
  // Collective: wraps centres into the periodic box and moves bodies that left this rank's
  // region to its new owner. Clears the ghosts. Returns how many bodies left this rank.
  std::size_t migrate();
  // Collective: rebuilds the ghosts within search_buffer + extra_margin + twice the largest
  // bounding radius of this rank's region (extra_margin: e.g. the largest displacement of a
  // trial configuration that the ghosts must still cover).
  void exchange_ghosts(double search_buffer, double extra_margin = 0.0);
  // Collective: updates the ghosts from their owners' current state along the last plan.
  void refresh_ghosts();

  double ghost_halo_width() const { return ghost_halo_width_; }
  // True when the ghosts are current for a neighbour search with this buffer.
  bool ghosts_cover(double search_buffer) const;

 private:
  void clear_ghosts();

  MPI_Comm comm_;
  int rank_ = 0;
  int num_ranks_ = 1;
  Domain domain_;
  RegionMap regions_;
  std::vector<Body> owned_;
  std::vector<Ghost> ghosts_;
  GhostExchange ghost_exchange_;
  IdAllocator ids_;
  bool ghosts_valid_ = false;
  std::size_t ghost_owned_count_ = 0;
  double ghost_search_buffer_ = 0.0;
  double ghost_halo_width_ = 0.0;
};

}  // namespace relcp::particles
