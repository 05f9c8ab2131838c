#include "collision/strategies/body_state.hpp"

#include "core/parallel_loops.hpp"

#include <mpi.h>

#include <algorithm>
#include <cstddef>

#include "geometry/shapes/quaternion_kinematics.hpp"

namespace relcp::collision {

void sort_owned_by_id(particles::ParticleStore& store) {
  auto by_id = [](const particles::Body& x, const particles::Body& y) { return x.id < y.id; };
  if (!std::is_sorted(store.owned().begin(), store.owned().end(), by_id)) {
    std::sort(store.owned().begin(), store.owned().end(), by_id);
  }
}

std::vector<GlobalId> owned_ids(const particles::ParticleStore& store) {
  std::vector<GlobalId> ids;
  ids.reserve(store.owned().size());
  for (const auto& body : store.owned()) ids.push_back(body.id);
  return ids;
}

std::vector<geometry::Pose> owned_poses(const particles::ParticleStore& store) {
  std::vector<geometry::Pose> poses;
  poses.reserve(store.owned().size());
  for (const auto& body : store.owned()) poses.push_back(body.pose);
  return poses;
}

DistributedVector owned_velocities(const particles::ParticleStore& store, const VectorLayout& layout) {
  DistributedVector v(layout);
  for (std::size_t b = 0; b < store.owned().size(); ++b) {
    for (int k = 0; k < 3; ++k) {
      v[6 * b + k] = store.owned()[b].velocity[k];
      v[6 * b + 3 + k] = store.owned()[b].angular_velocity[k];
    }
  }
  return v;
}

// A trial centre may lie outside its owner's region (or the periodic box) by up to its
// displacement; the pair's owner sees the partner only if the halo grows by that much.
void move_to_trial(particles::ParticleStore& store, std::span<const geometry::Pose> base,
                   const DistributedVector& velocity, double dt, double search_buffer) {
  auto& owned = store.owned();
  double displacement = 0.0;
  const auto num_owned = static_cast<std::ptrdiff_t>(owned.size());
#pragma omp parallel for if (num_owned > kParallelMinimumBodies) schedule(static) reduction(max : displacement)
  for (std::ptrdiff_t sb = 0; sb < num_owned; ++sb) {
    const auto b = static_cast<std::size_t>(sb);
    const Vec3 u(velocity[6 * b], velocity[6 * b + 1], velocity[6 * b + 2]);
    const Vec3 w(velocity[6 * b + 3], velocity[6 * b + 4], velocity[6 * b + 5]);
    owned[b].pose = geometry::advance_pose(base[b], u, w, dt);
    displacement = std::max(displacement, (owned[b].pose.position - base[b].position).norm());
  }
  double margin = displacement;
  MPI_Allreduce(&displacement, &margin, 1, MPI_DOUBLE, MPI_MAX, store.comm());
  const particles::Domain& domain = store.domain();
  if (domain.any_periodic()) {  // the halo may not exceed half a period (GhostExchange)
    const double halo = search_buffer + 2.0 * store.global_max_bounding_radius();
    for (int axis = 0; axis < 3; ++axis) {
      if (domain.periodic[axis]) margin = std::min(margin, 0.5 * domain.length(axis) - halo);
    }
    margin = std::max(margin, 0.0);
  }
  store.exchange_ghosts(search_buffer, margin);
}

void accept_velocities(particles::ParticleStore& store, std::span<const geometry::Pose> base,
                       const DistributedVector& velocity) {
  auto& owned = store.owned();
  for (std::size_t b = 0; b < owned.size(); ++b) {
    owned[b].pose = base[b];
    owned[b].velocity = Vec3(velocity[6 * b], velocity[6 * b + 1], velocity[6 * b + 2]);
    owned[b].angular_velocity = Vec3(velocity[6 * b + 3], velocity[6 * b + 4], velocity[6 * b + 5]);
  }
  store.refresh_ghosts();
}

}  // namespace relcp::collision
