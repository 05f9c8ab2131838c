#pragma once
// Cell-list search for close pairs among local points (OpenMP). Pure function of its input:
// the pairs and their order do not depend on the thread count.

#include <span>
#include <vector>

#include "core/types.hpp"

namespace relcp::particles {

struct ClosePair {
  int first;   // index of a primary point (first < num_primary)
  int second;  // index of any point, ids[first] < ids[second]
};

// All (i, j) with i < num_primary, ids[i] < ids[j] and
// |positions[i] - positions[j]| < radii[i] + radii[j] + buffer, ordered by
// (ids[first], ids[second], second). The same id may appear at several indices (periodic images).
std::vector<ClosePair> find_close_pairs(std::span<const Vec3> positions, std::span<const double> radii,
                                        std::span<const GlobalId> ids, std::size_t num_primary, double buffer);

}  // namespace relcp::particles
