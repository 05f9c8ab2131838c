#pragma once
// The owned bodies' state as the resolver needs it: ids and velocities in the body layout, and
// the move to a trial configuration and back, where all near pairs are searched again
// (docs/collision_strategies.md, "Decisions").

#include <span>
#include <vector>

#include "collision/linalg/distributed_vector.hpp"
#include "core/types.hpp"
#include "geometry/shapes/pose.hpp"
#include "particles/particle_store.hpp"

namespace relcp::collision {

// The body layout is by increasing id; the store keeps that order only after a migration.
void sort_owned_by_id(particles::ParticleStore& store);

std::vector<GlobalId> owned_ids(const particles::ParticleStore& store);
std::vector<geometry::Pose> owned_poses(const particles::ParticleStore& store);

// The owned bodies' velocities [u, omega] in the body layout.
DistributedVector owned_velocities(const particles::ParticleStore& store, const VectorLayout& layout);

// Collective. Owned poses C^k (+) dt * velocity, and the ghosts rebuilt around them, so that
// pairs that come near only during the step are found.
void move_to_trial(particles::ParticleStore& store, std::span<const geometry::Pose> base,
                   const DistributedVector& velocity, double dt, double search_buffer);

// Collective. The owned bodies return to the poses `base` with the velocities `velocity`.
void accept_velocities(particles::ParticleStore& store, std::span<const geometry::Pose> base,
                       const DistributedVector& velocity);

}  // namespace relcp::collision
