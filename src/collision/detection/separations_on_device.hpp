#pragma once
// pair_separations (pair_constraints.hpp) with the pairs of ellipsoids and spheres computed on
// the CUDA device (collision.detection_backend: cuda, docs/gpu.md "Separations on the device"):
// the same separations, exact where they may lie below `needed_below`. Pairs of other shapes,
// coincident centres, deep overlaps that need the multi-start seeds and unconverged iterations
// are computed here on the host, as before.

#include <span>
#include <vector>

#include "collision/device/device_separations.hpp"
#include "core/parallel_filled_vector.hpp"
#include "geometry/separation/ellipsoid_core_separation.hpp"
#include "geometry/separation/signed_separation.hpp"
#include "particles/body.hpp"
#include "particles/ghost.hpp"
#include "particles/neighbour_search.hpp"

namespace relcp::collision {

// The body as the core-pair code sees it; false for a shape it does not take (spherocylinder,
// torus).
bool core_body_of(const particles::Body& body, geometry::core_pair::CoreBody& out);

// The record as a SignedSeparation.
geometry::SignedSeparation to_signed_separation(const geometry::core_pair::SeparationRecord& record);

ParallelFilledVector<geometry::SignedSeparation> separations_on_device(device::DeviceSeparations& device,
                                                                       std::span<const particles::CandidatePair> pairs,
                                                                       std::span<const particles::Body> owned,
                                                                       std::span<const particles::Ghost> ghosts,
                                                                       double needed_below);

}  // namespace relcp::collision
