#pragma once
// What the geometry says at one configuration of the bodies: the candidate pairs, their
// shared-normal separations and the body-wall contacts. The resolver detects a scene at C^k
// and at every trial configuration; the strategies turn scenes into constraint rows.

#include <span>
#include <vector>

#include "collision/detection/wall_constraints.hpp"
#include "collision/device/device_separations.hpp"
#include "core/parallel_filled_vector.hpp"
#include "geometry/shapes/shape.hpp"
#include "geometry/separation/signed_separation.hpp"
#include "particles/neighbour_search.hpp"
#include "particles/particle_store.hpp"

namespace relcp::collision {

struct ContactScene {
  const particles::ParticleStore& store;  // its owned bodies and ghosts at the scene's poses
  particles::CandidatePairs pairs;
  // One per pair, exact wherever it may lie below the threshold the scene was detected with.
  ParallelFilledVector<geometry::SignedSeparation> separations;
  std::vector<WallContact> walls;
};

// Collective only through the store's ghosts, which must be current. Pairs and walls within
// `search_buffer`, found by `pair_search` when given (else on the host); separations exact below
// `needed_below` (pair_separations, or separations_on_device when `device` is given).
ContactScene detect_contacts(const particles::ParticleStore& store, std::span<const geometry::HalfSpace> walls,
                             double search_buffer, double needed_below, device::DeviceSeparations* device = nullptr,
                             const particles::ClosePairSearch* pair_search = nullptr);

// The deepest true-surface overlap of the scene on this rank, pairs and walls.
double largest_true_overlap(const ContactScene& scene);

}  // namespace relcp::collision
