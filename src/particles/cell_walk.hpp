#pragma once
// The per-point step of the cell-list pair search (cell_list_pairs.hpp), written once for the host
// and the CUDA device (collision/device/device_pair_search.cu): plain arrays, no Eigen, no
// allocation. The host runs it in find_close_pairs; the host tests hold the device's use of it
// (counting, filling and sorting each point's pairs) to find_close_pairs' answer.

#include <cstdint>

#include "core/host_device.hpp"

namespace relcp::particles::cell_walk {

// A uniform grid over the points' bounding box with cells no smaller than the largest pair
// cutoff, so that close pairs lie in the same or adjacent cells.
struct Grid {
  double origin[3] = {0.0, 0.0, 0.0};
  double inverse_cell_size = 1.0;
  long long dims[3] = {1, 1, 1};

  RELCP_HOST_DEVICE long long count() const { return dims[0] * dims[1] * dims[2]; }
  RELCP_HOST_DEVICE long long flat(long long cx, long long cy, long long cz) const {
    return (cz * dims[1] + cy) * dims[0] + cx;
  }
  // x >= origin, so truncation is the floor.
  RELCP_HOST_DEVICE long long cell_along(int axis, double x) const {
    const auto index = static_cast<long long>((x - origin[axis]) * inverse_cell_size);
    return index < dims[axis] - 1 ? index : dims[axis] - 1;
  }
};

// A point as the walk reads it, stored contiguously in cell order.
struct Point {
  double x[3];
  double radius;
  std::int64_t id;
  int index;  // in the caller's point array
};

RELCP_HOST_DEVICE inline long long flat_cell(const Grid& grid, const double* x) {
  return grid.flat(grid.cell_along(0, x[0]), grid.cell_along(1, x[1]), grid.cell_along(2, x[2]));
}

// Calls visit(q) for every point q of `sorted` (points in cell order; `cell_start[c]` the first of
// cell c, cell_start[count] their number) in p's cell or an adjacent one with q.id > p.id and
// |q.x - p.x| < p.radius + q.radius + buffer.
template <class Visit>
RELCP_HOST_DEVICE void walk_close(const Grid& grid, const std::uint32_t* cell_start, const Point* sorted,
                                  const Point& p, double buffer, Visit&& visit) {
  long long c[3];
  for (int axis = 0; axis < 3; ++axis) c[axis] = grid.cell_along(axis, p.x[axis]);
  const long long z_end = c[2] + 1 < grid.dims[2] - 1 ? c[2] + 1 : grid.dims[2] - 1;
  const long long y_end = c[1] + 1 < grid.dims[1] - 1 ? c[1] + 1 : grid.dims[1] - 1;
  const long long x_begin = c[0] - 1 > 0 ? c[0] - 1 : 0;
  const long long x_end = c[0] + 1 < grid.dims[0] - 1 ? c[0] + 1 : grid.dims[0] - 1;
  for (long long cz = c[2] - 1 > 0 ? c[2] - 1 : 0; cz <= z_end; ++cz) {
    for (long long cy = c[1] - 1 > 0 ? c[1] - 1 : 0; cy <= y_end; ++cy) {
      // Cells x_begin .. x_end of one row are consecutive: one range of points.
      const long long row = grid.flat(0, cy, cz);
      const std::uint32_t begin = cell_start[row + x_begin];
      const std::uint32_t end = cell_start[row + x_end + 1];
      for (std::uint32_t k = begin; k < end; ++k) {
        const Point& q = sorted[k];
        if (q.id <= p.id) continue;
        const double reach = p.radius + q.radius + buffer;
        const double dx = q.x[0] - p.x[0];
        const double dy = q.x[1] - p.x[1];
        const double dz = q.x[2] - p.x[2];
        if (dx * dx + dy * dy + dz * dz < reach * reach) visit(q);
      }
    }
  }
}

// The number of p's close pairs.
RELCP_HOST_DEVICE inline std::uint32_t count_close(const Grid& grid, const std::uint32_t* cell_start,
                                                   const Point* sorted, const Point& p, double buffer) {
  std::uint32_t count = 0;
  walk_close(grid, cell_start, sorted, p, buffer, [&](const Point&) { ++count; });
  return count;
}

// Writes p's close pairs' second indices to out[0, count_close) ordered by (id, index), the order
// of find_close_pairs; `ids[i]` is the id of the caller's point i.
RELCP_HOST_DEVICE inline void write_close(const Grid& grid, const std::uint32_t* cell_start, const Point* sorted,
                                          const Point& p, double buffer, const std::int64_t* ids, int* out) {
  std::uint32_t count = 0;
  walk_close(grid, cell_start, sorted, p, buffer, [&](const Point& q) { out[count++] = q.index; });
  // Insertion sort: a point has a few dozen close pairs at most in a packing.
  for (std::uint32_t i = 1; i < count; ++i) {
    const int moving = out[i];
    std::uint32_t j = i;
    while (j > 0 && (ids[out[j - 1]] > ids[moving] || (ids[out[j - 1]] == ids[moving] && out[j - 1] > moving))) {
      out[j] = out[j - 1];
      --j;
    }
    out[j] = moving;
  }
}

}  // namespace relcp::particles::cell_walk
