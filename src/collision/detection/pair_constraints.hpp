#pragma once
// Constraint generation for candidate pairs at the bodies' current poses: one deepest-point
// (shared-normal) constraint per pair, or multisphere constraints between the sub-spheres of
// the two bodies (Palmer et al. 2025, Secs. 2.5, 3.1). The body of a pair's B side is an owned body
// or a ghost; a ghost is at its periodic image already (its position = owner's + offset_b).

#include <span>
#include <vector>

#include "collision/assembly/constraint_record.hpp"
#include "core/parallel_filled_vector.hpp"
#include "geometry/multisphere/multisphere.hpp"
#include "geometry/separation/signed_separation.hpp"
#include "particles/body.hpp"
#include "particles/ghost.hpp"
#include "particles/neighbour_search.hpp"

namespace relcp::collision {

// The true shared-normal signed separation of every pair, in pair order, where it may lie below
// `needed_below`; a pair shown to be farther apart gets a lower bound of at least that
// (geometry::signed_separation_below, bound_only).
ParallelFilledVector<geometry::SignedSeparation> pair_separations(std::span<const particles::CandidatePair> pairs,
                                                                  std::span<const particles::Body> owned,
                                                                  std::span<const particles::Ghost> ghosts,
                                                                  double needed_below);

// One deepest-point constraint for each pair whose separation is below `threshold`, built from
// the separations of pair_separations() at the same poses.
std::vector<ConstraintRecord> deepest_point_constraints(std::span<const particles::CandidatePair> pairs,
                                                        std::span<const geometry::SignedSeparation> separations,
                                                        std::span<const particles::Body> owned,
                                                        std::span<const particles::Ghost> ghosts, double threshold);

// The body's `count` sub-spheres in the lab frame; a sphere is its own decomposition (count 1)
// whatever the count asked for.
std::vector<geometry::SubSphere> lab_spheres(const particles::Body& body, int count);

// One constraint per pair of sub-spheres (`count` per body) of the two bodies of a pair whose
// sphere-sphere gap is below `search_buffer`; lever arms to the parent centres.
std::vector<ConstraintRecord> multisphere_constraints(std::span<const particles::CandidatePair> pairs,
                                                      std::span<const particles::Body> owned,
                                                      std::span<const particles::Ghost> ghosts, int count,
                                                      double search_buffer);

// max(0, -min phi) over the separations.
double largest_overlap(std::span<const geometry::SignedSeparation> separations);

}  // namespace relcp::collision
