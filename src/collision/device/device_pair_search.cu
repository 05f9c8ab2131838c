// The cell-list search of device_pair_search.hpp (docs/gpu.md, "Pair search on the device").

#include <cub/device/device_radix_sort.cuh>
#include <cub/device/device_scan.cuh>
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <utility>

#include "collision/device/cuda_host_buffers.cuh"
#include "collision/device/device_memory.hpp"
#include "collision/device/device_pair_search.hpp"
#include "core/error.hpp"

namespace relcp::collision::device {
namespace {

using particles::cell_walk::Grid;
using particles::cell_walk::Point;

constexpr int kThreads = 128;

unsigned blocks_for(std::size_t count) { return static_cast<unsigned>((count + kThreads - 1) / kThreads); }

__global__ void cell_keys_kernel(Grid grid, const Point* points, std::size_t count, std::uint32_t* keys,
                                 std::uint32_t* indices, std::int64_t* ids) {
  const std::size_t i = blockIdx.x * static_cast<std::size_t>(blockDim.x) + threadIdx.x;
  if (i >= count) return;
  keys[i] = static_cast<std::uint32_t>(particles::cell_walk::flat_cell(grid, points[i].x));
  indices[i] = static_cast<std::uint32_t>(i);
  ids[i] = points[i].id;
}

__global__ void gather_kernel(const Point* points, const std::uint32_t* order, std::size_t count, Point* sorted) {
  const std::size_t k = blockIdx.x * static_cast<std::size_t>(blockDim.x) + threadIdx.x;
  if (k < count) sorted[k] = points[order[k]];
}

// cell_start[c] = the first sorted point of cell c or a later one (a lower bound), c in [0, cells].
__global__ void cell_start_kernel(const std::uint32_t* sorted_keys, std::size_t count, std::size_t cells,
                                  std::uint32_t* cell_start) {
  const std::size_t c = blockIdx.x * static_cast<std::size_t>(blockDim.x) + threadIdx.x;
  if (c > cells) return;
  std::size_t low = 0;
  std::size_t high = count;
  while (low < high) {
    const std::size_t middle = low + (high - low) / 2;
    if (sorted_keys[middle] < c) {
      low = middle + 1;
    } else {
      high = middle;
    }
  }
  cell_start[c] = static_cast<std::uint32_t>(low);
}

__global__ void count_kernel(Grid grid, const std::uint32_t* cell_start, const Point* sorted, const Point* points,
                             const int* primaries, std::size_t primary_count, double buffer, std::uint32_t* counts) {
  const std::size_t k = blockIdx.x * static_cast<std::size_t>(blockDim.x) + threadIdx.x;
  if (k >= primary_count) return;
  counts[k] = particles::cell_walk::count_close(grid, cell_start, sorted, points[primaries[k]], buffer);
}

__global__ void write_kernel(Grid grid, const std::uint32_t* cell_start, const Point* sorted, const Point* points,
                             const int* primaries, std::size_t primary_count, double buffer, const std::int64_t* ids,
                             const std::uint32_t* offsets, const std::uint32_t* counts, int* first, int* second) {
  const std::size_t k = blockIdx.x * static_cast<std::size_t>(blockDim.x) + threadIdx.x;
  if (k >= primary_count) return;
  const int p = primaries[k];
  particles::cell_walk::write_close(grid, cell_start, sorted, points[p], buffer, ids, second + offsets[k]);
  for (std::uint32_t j = 0; j < counts[k]; ++j) first[offsets[k] + j] = p;
}

// The bits of the cell keys the radix sort has to look at.
int key_bits(std::size_t cells) {
  int bits = 1;
  while (bits < 32 && (std::size_t{1} << bits) <= cells) ++bits;
  return bits;
}

}  // namespace

struct DevicePairSearch::Impl {
  PinnedArray<Point> host_points;
  PinnedArray<int> host_primaries;
  PinnedArray<int> host_first;
  PinnedArray<int> host_second;
  DeviceArray<Point> points, sorted;
  DeviceArray<std::uint32_t> keys, sorted_keys, order, sorted_order, cell_start, counts, offsets;
  DeviceArray<std::int64_t> ids;
  DeviceArray<int> primaries, first, second;
  DeviceArray<unsigned char> scratch;
};

DevicePairSearch::DevicePairSearch() : impl_(new Impl) {}
DevicePairSearch::~DevicePairSearch() = default;

Point* DevicePairSearch::points(std::size_t count) { return impl_->host_points.reserve(count); }
int* DevicePairSearch::primaries(std::size_t count) { return impl_->host_primaries.reserve(count); }
const int* DevicePairSearch::first() const { return impl_->host_first.data(); }
const int* DevicePairSearch::second() const { return impl_->host_second.data(); }

std::size_t DevicePairSearch::search(const Grid& grid, std::size_t point_count, std::size_t primary_count,
                                     double buffer) {
  Impl& d = *impl_;
  if (point_count == 0 || primary_count == 0) return 0;
  const auto cells = static_cast<std::size_t>(grid.count());
  reserve(d.points, point_count);
  reserve(d.sorted, point_count);
  reserve(d.keys, point_count);
  reserve(d.sorted_keys, point_count);
  reserve(d.order, point_count);
  reserve(d.sorted_order, point_count);
  reserve(d.ids, point_count);
  reserve(d.cell_start, cells + 1);
  reserve(d.primaries, primary_count);
  reserve(d.counts, primary_count);
  reserve(d.offsets, primary_count);
  copy_to_device(d.points.data(), d.host_points.data(), point_count * sizeof(Point));
  copy_to_device(d.primaries.data(), d.host_primaries.data(), primary_count * sizeof(int));

  cell_keys_kernel<<<blocks_for(point_count), kThreads>>>(grid, d.points.data(), point_count, d.keys.data(),
                                                          d.order.data(), d.ids.data());
  check(cudaGetLastError(), "the cell keys kernel");

  // CUB's temporary storage for the sort and the scan; the radix sort is stable, so a cell's
  // points stay in index order, as the host's counting sort leaves them.
  const int bits = key_bits(cells);
  std::size_t sort_bytes = 0;
  std::size_t scan_bytes = 0;
  check(cub::DeviceRadixSort::SortPairs(nullptr, sort_bytes, d.keys.data(), d.sorted_keys.data(), d.order.data(),
                                        d.sorted_order.data(), static_cast<int>(point_count), 0, bits),
        "cub::DeviceRadixSort (size)");
  check(cub::DeviceScan::ExclusiveSum(nullptr, scan_bytes, d.counts.data(), d.offsets.data(),
                                      static_cast<int>(primary_count)),
        "cub::DeviceScan (size)");
  reserve(d.scratch, std::max(sort_bytes, scan_bytes));
  std::size_t scratch_bytes = d.scratch.size();
  check(cub::DeviceRadixSort::SortPairs(d.scratch.data(), scratch_bytes, d.keys.data(), d.sorted_keys.data(),
                                        d.order.data(), d.sorted_order.data(), static_cast<int>(point_count), 0, bits),
        "cub::DeviceRadixSort");
  gather_kernel<<<blocks_for(point_count), kThreads>>>(d.points.data(), d.sorted_order.data(), point_count,
                                                       d.sorted.data());
  check(cudaGetLastError(), "the gather kernel");
  cell_start_kernel<<<blocks_for(cells + 1), kThreads>>>(d.sorted_keys.data(), point_count, cells, d.cell_start.data());
  check(cudaGetLastError(), "the cell start kernel");

  count_kernel<<<blocks_for(primary_count), kThreads>>>(grid, d.cell_start.data(), d.sorted.data(), d.points.data(),
                                                        d.primaries.data(), primary_count, buffer, d.counts.data());
  check(cudaGetLastError(), "the count kernel");
  scratch_bytes = d.scratch.size();
  check(cub::DeviceScan::ExclusiveSum(d.scratch.data(), scratch_bytes, d.counts.data(), d.offsets.data(),
                                      static_cast<int>(primary_count)),
        "cub::DeviceScan");
  std::uint32_t last_offset = 0;
  std::uint32_t last_count = 0;
  copy_to_host(&last_offset, d.offsets.data() + primary_count - 1, sizeof(std::uint32_t));
  copy_to_host(&last_count, d.counts.data() + primary_count - 1, sizeof(std::uint32_t));
  const std::size_t total = std::size_t{last_offset} + last_count;
  d.host_first.reserve(total);
  d.host_second.reserve(total);
  if (total == 0) return 0;
  reserve(d.first, total);
  reserve(d.second, total);
  write_kernel<<<blocks_for(primary_count), kThreads>>>(
      grid, d.cell_start.data(), d.sorted.data(), d.points.data(), d.primaries.data(), primary_count, buffer,
      d.ids.data(), d.offsets.data(), d.counts.data(), d.first.data(), d.second.data());
  check(cudaGetLastError(), "the write kernel");
  copy_to_host(d.host_first.data(), d.first.data(), total * sizeof(int));
  copy_to_host(d.host_second.data(), d.second.data(), total * sizeof(int));
  return total;
}

}  // namespace relcp::collision::device
