#include "particles/particle_store.hpp"

#include <algorithm>
#include <string>

#include "core/error.hpp"
#include "geometry/shapes/shape_properties.hpp"
#include "particles/migration.hpp"

namespace relcp::particles {
namespace {

GlobalId largest_id(std::span<const Body> bodies) {
  GlobalId largest = -1;
  for (const Body& body : bodies) largest = std::max(largest, body.id);
  return largest;
}

}  // namespace

ParticleStore::ParticleStore(MPI_Comm comm, Domain domain) : comm_(comm), domain_(domain) {
  domain_.validate();
  MPI_Comm_rank(comm_, &rank_);
  MPI_Comm_size(comm_, &num_ranks_);
  regions_ = RegionMap::single_owner(0, num_ranks_);
}

void ParticleStore::distribute_from_all(std::span<const Body> all) {
  const std::size_t begin = all.size() * static_cast<std::size_t>(rank_) / static_cast<std::size_t>(num_ranks_);
  const std::size_t end = all.size() * static_cast<std::size_t>(rank_ + 1) / static_cast<std::size_t>(num_ranks_);
  add_owned(all.subspan(begin, end - begin));
}

void ParticleStore::add_owned(std::span<const Body> bodies) {
  owned_.insert(owned_.end(), bodies.begin(), bodies.end());
  std::sort(owned_.begin(), owned_.end(), [](const Body& a, const Body& b) { return a.id < b.id; });
  ids_.reserve_through(comm_, largest_id(owned_));
  clear_ghosts();
}

void ParticleStore::restore(std::vector<Body> bodies, RegionMap regions) {
  if (regions.num_ranks() != num_ranks_) {
    throw RunTimeFailure("cannot restore a distribution over " + std::to_string(regions.num_ranks()) + " ranks on " +
                         std::to_string(num_ranks_) + " ranks");
  }
  owned_ = std::move(bodies);
  regions_ = std::move(regions);
  ids_.reserve_through(comm_, largest_id(owned_));
  clear_ghosts();
}

std::int64_t ParticleStore::global_count() const {
  std::int64_t local = static_cast<std::int64_t>(owned_.size());
  std::int64_t total = 0;
  MPI_Allreduce(&local, &total, 1, MPI_INT64_T, MPI_SUM, comm_);
  return total;
}

double ParticleStore::global_max_bounding_radius() const {
  double local = 0.0;
  for (const Body& body : owned_) local = std::max(local, geometry::bounding_radius(body.shape));
  double global = 0.0;
  MPI_Allreduce(&local, &global, 1, MPI_DOUBLE, MPI_MAX, comm_);
  return global;
}

void ParticleStore::rebalance(const Partitioner& partitioner, std::span<const double> weights) {
  if (domain_.any_periodic()) {
    for (Body& body : owned_) body.pose.position = domain_.wrap(body.pose.position);
  }
  Partition partition = partitioner.partition(comm_, owned_, weights);
  send_bodies_to(comm_, partition.destination, owned_);
  regions_ = std::move(partition.regions);
  // Zoltan2 may put a centre that lies exactly on a cut into the neighbouring part; this
  // settles every body into the region that holds it.
  migrate();
  const auto by_id = [](const Body& a, const Body& b) { return a.id < b.id; };
  if (!std::is_sorted(owned_.begin(), owned_.end(), by_id)) {
    std::sort(owned_.begin(), owned_.end(), by_id);
  }
}

std::size_t ParticleStore::migrate() {
  clear_ghosts();
  return migrate_bodies(comm_, regions_, domain_, owned_);
}

void ParticleStore::exchange_ghosts(double search_buffer, double extra_margin) {
  const double halo = search_buffer + extra_margin + 2.0 * global_max_bounding_radius();
  ghosts_ = ghost_exchange_.build(comm_, regions_, domain_, owned_, halo);
  ghosts_valid_ = true;
  ghost_owned_count_ = owned_.size();
  ghost_search_buffer_ = search_buffer + extra_margin;
  ghost_halo_width_ = halo;
}

void ParticleStore::refresh_ghosts() { ghost_exchange_.refresh(comm_, owned_, ghosts_); }

bool ParticleStore::ghosts_cover(double search_buffer) const {
  return ghosts_valid_ && ghost_owned_count_ == owned_.size() && search_buffer <= ghost_search_buffer_;
}

void ParticleStore::clear_ghosts() {
  ghosts_.clear();
  ghost_exchange_.clear();
  ghosts_valid_ = false;
  ghost_halo_width_ = 0.0;
}

}  // namespace relcp::particles
