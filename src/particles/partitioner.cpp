#include "particles/partitioner.hpp"

#include <algorithm>
#include <array>
#include <limits>
#include <numeric>
#include <stdexcept>
#include <string>

#include "core/error.hpp"
#include "particles/zoltan2_bridge.hpp"

namespace relcp::particles {
namespace {

constexpr double kInfinity = std::numeric_limits<double>::infinity();

struct GlobalExtent {
  Vec3 lower;
  Vec3 upper;
  long long count;
};

GlobalExtent global_extent(MPI_Comm comm, std::span<const Body> owned) {
  std::array<double, 6> local{kInfinity, kInfinity, kInfinity, kInfinity, kInfinity, kInfinity};
  for (const Body& body : owned) {
    for (int axis = 0; axis < 3; ++axis) {
      local[axis] = std::min(local[axis], body.pose.position[axis]);
      local[3 + axis] = std::min(local[3 + axis], -body.pose.position[axis]);
    }
  }
  std::array<double, 6> global{};
  MPI_Allreduce(local.data(), global.data(), 6, MPI_DOUBLE, MPI_MIN, comm);
  long long local_count = static_cast<long long>(owned.size());
  long long count = 0;
  MPI_Allreduce(&local_count, &count, 1, MPI_LONG_LONG, MPI_SUM, comm);
  return {Vec3(global[0], global[1], global[2]), Vec3(-global[3], -global[4], -global[5]), count};
}

// The axes handed to Zoltan2: those along which the centres spread, longest first (a flat
// monolayer is partitioned in its plane). At least one axis, so that a single body works.
std::vector<int> partition_axes(const GlobalExtent& extent) {
  std::vector<int> axes;
  for (int axis = 0; axis < 3; ++axis) {
    if (extent.upper[axis] > extent.lower[axis]) axes.push_back(axis);
  }
  std::stable_sort(axes.begin(), axes.end(),
                   [&](int a, int b) { return extent.upper[a] - extent.lower[a] > extent.upper[b] - extent.lower[b]; });
  if (axes.empty()) axes.push_back(0);
  return axes;
}

// Zoltan2's boxes cover only the centres' bounding box; faces on its boundary move to
// infinity so that the boxes tile all of space and bodies can travel anywhere.
RegionMap regions_from(const zoltan2_bridge::Result& result, const std::vector<int>& axes, const GlobalExtent& extent,
                       int num_parts) {
  const int dims = static_cast<int>(axes.size());
  std::vector<RegionBox> boxes(static_cast<std::size_t>(num_parts),
                               RegionBox{Vec3::Constant(-kInfinity), Vec3::Constant(kInfinity)});
  for (int part = 0; part < num_parts; ++part) {
    RegionBox& box = boxes[static_cast<std::size_t>(part)];
    for (int d = 0; d < result.num_cut_dims; ++d) {
      const int axis = axes[static_cast<std::size_t>(d)];
      const double lower = result.box_lower[static_cast<std::size_t>(part * dims + d)];
      const double upper = result.box_upper[static_cast<std::size_t>(part * dims + d)];
      box.lower[axis] = lower <= extent.lower[axis] ? -kInfinity : lower;
      box.upper[axis] = upper >= extent.upper[axis] ? kInfinity : upper;
    }
  }
  return RegionMap(std::move(boxes));
}

}  // namespace

PartitionMethod partition_method_from_name(std::string_view name, std::string_view key) {
  if (name == "rcb") return PartitionMethod::rcb;
  if (name == "multijagged") return PartitionMethod::multijagged;
  throw InputError(std::string(key), "unknown partitioning method '" + std::string(name) + "' (rcb, multijagged)");
}

std::string_view name_of(PartitionMethod method) { return method == PartitionMethod::rcb ? "rcb" : "multijagged"; }

Partitioner::Partitioner(PartitionMethod method, double imbalance_tolerance)
    : method_(method), imbalance_tolerance_(imbalance_tolerance) {
  if (!(imbalance_tolerance >= 1.0)) {
    throw InputError("partition.imbalance_tolerance", "must be at least 1");
  }
}

Partition Partitioner::partition(MPI_Comm comm, std::span<const Body> owned, std::span<const double> weights) const {
  int num_ranks = 0;
  MPI_Comm_size(comm, &num_ranks);
  if (!weights.empty() && weights.size() != owned.size()) {
    throw std::invalid_argument("Partitioner: one weight per owned body expected");
  }
  // {this rank gives weights, this rank has bodies but no weights}, maximized over all ranks,
  // so that every rank reports a missing weight together instead of leaving the others waiting.
  int flags[2] = {weights.empty() ? 0 : 1, (weights.empty() && !owned.empty()) ? 1 : 0};
  MPI_Allreduce(MPI_IN_PLACE, flags, 2, MPI_INT, MPI_MAX, comm);
  const int any_weighted = flags[0];
  if (any_weighted && flags[1]) {
    throw std::invalid_argument("Partitioner: weights given on some ranks only");
  }

  const GlobalExtent extent = global_extent(comm, owned);
  if (num_ranks == 1 || extent.count == 0) {
    return Partition{std::vector<int>(owned.size(), 0), RegionMap::single_owner(0, num_ranks)};
  }

  const std::vector<int> axes = partition_axes(extent);
  std::vector<std::vector<double>> coordinates(axes.size(), std::vector<double>(owned.size()));
  std::vector<long long> ids(owned.size());
  for (std::size_t i = 0; i < owned.size(); ++i) {
    for (std::size_t d = 0; d < axes.size(); ++d) {
      coordinates[d][i] = owned[i].pose.position[axes[d]];
    }
    ids[i] = owned[i].id;
  }
  zoltan2_bridge::Request request;
  request.comm = comm;
  request.num_parts = num_ranks;
  request.recursive_bisection = method_ == PartitionMethod::rcb;
  request.imbalance_tolerance = imbalance_tolerance_;
  request.num_local = static_cast<int>(owned.size());
  for (const auto& values : coordinates) request.coordinates.push_back(values.data());
  request.ids = ids.data();
  request.use_weights = any_weighted != 0;
  request.weights = weights.empty() ? nullptr : weights.data();

  const zoltan2_bridge::Result result = zoltan2_bridge::partition_coordinates(request);
  return Partition{result.parts, regions_from(result, axes, extent, num_ranks)};
}

}  // namespace relcp::particles
