#pragma once
// The cell-list search for close pairs (particles/cell_list_pairs.hpp) on the CUDA device
// (collision.pair_search_backend: cuda, docs/gpu.md "Pair search on the device"): the points
// sorted by cell with CUB's radix sort, then one thread a primary point counts its close pairs,
// an exclusive scan places them, and a second pass writes and sorts them. The per-point step is
// particles/cell_walk.hpp, the code the host's search runs. The points go up and the pairs come
// down through pinned host buffers kept between calls, as the separations' do. Plain C++
// declarations, no CUDA header; a build without CUDA refuses (device_unavailable.cpp).

#include <cstddef>
#include <memory>

#include "particles/cell_walk.hpp"

namespace relcp::collision::device {

class DevicePairSearch {
 public:
  DevicePairSearch();
  ~DevicePairSearch();
  DevicePairSearch(const DevicePairSearch&) = delete;
  DevicePairSearch& operator=(const DevicePairSearch&) = delete;

  // Pinned host buffers of at least `count` entries (grown, contents not kept), for the caller
  // to fill before search(): the points in the caller's index order (points()[i].index == i), and
  // the primary points' indices in the order their pairs are wanted.
  particles::cell_walk::Point* points(std::size_t count);
  int* primaries(std::size_t count);

  // The close pairs of primaries()[0, primary_count) among points()[0, point_count) on `grid`
  // (whose cells are no smaller than the largest cutoff): pair k is (first()[k], second()[k]),
  // the pairs of each primary together in the primaries' order, each primary's ordered by the
  // second point's (id, index). Returns their number; the results stay valid until the next call.
  std::size_t search(const particles::cell_walk::Grid& grid, std::size_t point_count, std::size_t primary_count,
                     double buffer);
  const int* first() const;
  const int* second() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace relcp::collision::device
