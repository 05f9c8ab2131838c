#pragma once
// Cell-list search for close pairs among local points (OpenMP). Pure function of its input:
// the pairs and their order do not depend on the thread count.

#include <cstdint>
#include <span>
#include <vector>

#include "core/types.hpp"
#include "particles/cell_walk.hpp"

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

// The pieces of find_close_pairs that a search elsewhere (the CUDA device's,
// collision/device/device_pair_search.hpp) shares with it.
//
// The grid for the cutoff 2 max(radii) + buffer over the points' bounding box, its cell count
// capped at a few per point. Throws std::invalid_argument for a non-finite position.
cell_walk::Grid close_pair_grid(std::span<const Vec3> positions, std::span<const double> radii, double buffer);

// The points sorted by cell (within a cell in index order) and cell_start (grid.count() + 1
// entries: the first sorted point of each cell, then the number of points).
struct CellSortedPoints {
  std::vector<cell_walk::Point> sorted;
  std::vector<std::uint32_t> cell_start;
};
CellSortedPoints sort_by_cell(const cell_walk::Grid& grid, std::span<const Vec3> positions,
                              std::span<const double> radii, std::span<const GlobalId> ids);

// The primary indices in id order; empty when two primaries share an id (their pairs would
// interleave in (first id, second id) order, which per-primary segments cannot give).
std::vector<int> primaries_by_id(std::span<const GlobalId> primary_ids);

}  // namespace relcp::particles
