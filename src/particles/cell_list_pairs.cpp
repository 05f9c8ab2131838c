#include "particles/cell_list_pairs.hpp"
#include "core/parallel_loops.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <limits>
#include <stdexcept>

#ifdef _OPENMP
#include <omp.h>
#endif

namespace relcp::particles {
namespace {

cell_walk::Point point_at(std::span<const Vec3> positions, std::span<const double> radii, std::span<const GlobalId> ids,
                          std::size_t i) {
  cell_walk::Point point{};
  for (int axis = 0; axis < 3; ++axis) point.x[axis] = positions[i][axis];
  point.radius = radii[i];
  point.id = ids[i];
  point.index = static_cast<int>(i);
  return point;
}

// A found pair with its sort key at hand (sorting through the indices would jump around).
struct KeyedPair {
  GlobalId first_id;
  GlobalId second_id;
  int first;
  int second;

  bool operator<(const KeyedPair& other) const {
    if (first_id != other.first_id) return first_id < other.first_id;
    if (second_id != other.second_id) return second_id < other.second_id;
    return second < other.second;
  }
};

struct Segment {
  std::size_t begin = 0;
  std::size_t count = 0;
  std::uint32_t thread = 0;
};

std::vector<ClosePair> pairs_in_id_order(std::vector<std::vector<KeyedPair>>& per_thread,
                                         std::span<const Segment> segments, std::span<const GlobalId> primary_ids) {
  const std::vector<int> order = primaries_by_id(primary_ids);
  if (order.empty() && !primary_ids.empty()) {
    std::vector<KeyedPair> keyed;
    for (const auto& found : per_thread) keyed.insert(keyed.end(), found.begin(), found.end());
    std::sort(keyed.begin(), keyed.end());
    std::vector<ClosePair> pairs(keyed.size());
    for (std::size_t k = 0; k < keyed.size(); ++k) pairs[k] = ClosePair{keyed[k].first, keyed[k].second};
    return pairs;
  }
  std::vector<std::size_t> offsets(order.size() + 1, 0);
  for (std::size_t k = 0; k < order.size(); ++k) {
    offsets[k + 1] = offsets[k] + segments[static_cast<std::size_t>(order[k])].count;
  }
  std::vector<ClosePair> pairs(offsets.back());
  const auto num_primary = static_cast<std::ptrdiff_t>(order.size());
#pragma omp parallel for if (num_primary > kParallelMinimumBodies) schedule(static)
  for (std::ptrdiff_t k = 0; k < num_primary; ++k) {
    const Segment& segment = segments[static_cast<std::size_t>(order[static_cast<std::size_t>(k)])];
    const auto begin = per_thread[segment.thread].begin() + static_cast<std::ptrdiff_t>(segment.begin);
    const auto end = begin + static_cast<std::ptrdiff_t>(segment.count);
    std::sort(begin, end);
    std::size_t out = offsets[static_cast<std::size_t>(k)];
    for (auto it = begin; it != end; ++it) pairs[out++] = ClosePair{it->first, it->second};
  }
  return pairs;
}

}  // namespace

cell_walk::Grid close_pair_grid(std::span<const Vec3> positions, std::span<const double> radii, double buffer) {
  double max_radius = 0.0;
  for (const double r : radii) max_radius = std::max(max_radius, r);
  const double cutoff = 2.0 * max_radius + buffer;
  Vec3 lower = positions[0];
  Vec3 upper = positions[0];
  for (const Vec3& x : positions) {
    lower = lower.cwiseMin(x);
    upper = upper.cwiseMax(x);
  }
  const Vec3 extent = upper - lower;
  if (!extent.allFinite()) throw std::invalid_argument("find_close_pairs: non-finite position");
  // A hair above the cutoff, so that rounding in the cell index cannot separate a close pair
  // by two cells.
  double cell_size = std::max(cutoff * (1.0 + 1e-12), 1e-300);
  // Sparse sets would need a huge grid; cap the cell count at a few per point.
  const double max_cells = 4.0 * static_cast<double>(positions.size()) + 64.0;
  for (;;) {
    double cells = 1.0;
    for (int axis = 0; axis < 3; ++axis) cells *= std::floor(extent[axis] / cell_size) + 1.0;
    if (cells <= max_cells) break;
    cell_size *= std::cbrt(cells / max_cells) * 1.01;
  }
  cell_walk::Grid grid;
  grid.inverse_cell_size = 1.0 / cell_size;
  for (int axis = 0; axis < 3; ++axis) {
    grid.origin[axis] = lower[axis];
    grid.dims[axis] = static_cast<long long>(std::floor(extent[axis] / cell_size)) + 1;
  }
  return grid;
}

CellSortedPoints sort_by_cell(const cell_walk::Grid& grid, std::span<const Vec3> positions,
                              std::span<const double> radii, std::span<const GlobalId> ids) {
  const std::size_t n = positions.size();
  // 32-bit cell arrays: half the memory the random accesses of the sort touch.
  if (n >= std::numeric_limits<std::uint32_t>::max()) {
    throw std::invalid_argument("find_close_pairs: too many points");
  }
  // Counting sort of the points by cell; inside a cell, points keep their index order.
  std::vector<std::uint32_t> cell_of_point(n);
  const auto signed_n = static_cast<std::ptrdiff_t>(n);
#pragma omp parallel for if (signed_n > kParallelMinimumBodies) schedule(static)
  for (std::ptrdiff_t i = 0; i < signed_n; ++i) {
    const Vec3& x = positions[static_cast<std::size_t>(i)];
    const double coordinates[3] = {x[0], x[1], x[2]};
    cell_of_point[static_cast<std::size_t>(i)] = static_cast<std::uint32_t>(cell_walk::flat_cell(grid, coordinates));
  }
  CellSortedPoints out;
  out.cell_start.assign(static_cast<std::size_t>(grid.count()) + 1, 0);
  for (const std::uint32_t c : cell_of_point) ++out.cell_start[c + 1];
  for (std::size_t c = 1; c < out.cell_start.size(); ++c) out.cell_start[c] += out.cell_start[c - 1];
  out.sorted.resize(n);
  std::vector<std::uint32_t> fill(out.cell_start.begin(), out.cell_start.end() - 1);
  for (std::size_t i = 0; i < n; ++i) out.sorted[fill[cell_of_point[i]]++] = point_at(positions, radii, ids, i);
  return out;
}

std::vector<ClosePair> find_close_pairs(std::span<const Vec3> positions, std::span<const double> radii,
                                        std::span<const GlobalId> ids, std::size_t num_primary, double buffer) {
  const std::size_t n = positions.size();
  if (radii.size() != n || ids.size() != n || num_primary > n) {
    throw std::invalid_argument("find_close_pairs: inconsistent input sizes");
  }
  if (num_primary == 0) return {};
  const cell_walk::Grid grid = close_pair_grid(positions, radii, buffer);
  const CellSortedPoints cells = sort_by_cell(grid, positions, radii, ids);
  const auto signed_n = static_cast<std::ptrdiff_t>(n);

  // Each primary point's pairs are found by one thread in one go: its segment of that thread's
  // list. The output is the segments in id order, each sorted by (second id, second index), so
  // that no global sort is needed and the order does not depend on the thread count.
  std::vector<std::vector<KeyedPair>> per_thread;
  std::vector<Segment> segments(num_primary);
#pragma omp parallel if (signed_n > kParallelMinimumBodies)
  {
#pragma omp single
    {
#ifdef _OPENMP
      per_thread.resize(static_cast<std::size_t>(omp_get_num_threads()));
#else
      per_thread.resize(1);
#endif
    }
#ifdef _OPENMP
    const auto thread = static_cast<std::uint32_t>(omp_get_thread_num());
#else
    const std::uint32_t thread = 0;
#endif
    auto& found = per_thread[thread];
    // Walk the points in cell order, so that neighbouring cells stay in cache.
#pragma omp for schedule(dynamic, 512)
    for (std::ptrdiff_t s = 0; s < signed_n; ++s) {
      const cell_walk::Point& p = cells.sorted[static_cast<std::size_t>(s)];
      if (static_cast<std::size_t>(p.index) >= num_primary) continue;
      const std::size_t first_found = found.size();
      cell_walk::walk_close(grid, cells.cell_start.data(), cells.sorted.data(), p, buffer,
                            [&](const cell_walk::Point& q) {
                              found.push_back(KeyedPair{p.id, q.id, p.index, q.index});
                            });
      segments[static_cast<std::size_t>(p.index)] = Segment{first_found, found.size() - first_found, thread};
    }
  }
  return pairs_in_id_order(per_thread, segments, ids.first(num_primary));
}

std::vector<int> primaries_by_id(std::span<const GlobalId> primary_ids) {
  std::vector<int> order(primary_ids.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = static_cast<int>(i);
  if (!std::is_sorted(primary_ids.begin(), primary_ids.end())) {
    std::sort(order.begin(), order.end(), [&](int x, int y) {
      return primary_ids[static_cast<std::size_t>(x)] < primary_ids[static_cast<std::size_t>(y)];
    });
  }
  for (std::size_t k = 1; k < order.size(); ++k) {
    if (primary_ids[static_cast<std::size_t>(order[k])] == primary_ids[static_cast<std::size_t>(order[k - 1])]) {
      return {};
    }
  }
  return order;
}

}  // namespace relcp::particles
