#pragma once
// Spatial partitioning of body centres with Zoltan2: recursive coordinate bisection (`rcb`) or
// multi-jagged (`multijagged`), optionally weighted. The result says where each owned body
// goes and which box of space each rank owns until the next partitioning.

#include <mpi.h>

#include <span>
#include <string_view>
#include <vector>

#include "particles/body.hpp"
#include "particles/region_map.hpp"

namespace relcp::particles {

enum class PartitionMethod { rcb, multijagged };

// "rcb" or "multijagged"; anything else throws InputError with the given key.
PartitionMethod partition_method_from_name(std::string_view name, std::string_view key = "partition.method");
std::string_view name_of(PartitionMethod method);

struct Partition {
  std::vector<int> destination;  // rank for each owned body
  RegionMap regions;             // one box per rank, tiling space
};

class Partitioner {
 public:
  explicit Partitioner(PartitionMethod method = PartitionMethod::rcb, double imbalance_tolerance = 1.05);

  PartitionMethod method() const { return method_; }
  double imbalance_tolerance() const { return imbalance_tolerance_; }

  // Collective. `weights` is empty (unit weights) or holds one positive weight per owned body;
  // when any rank gives weights, every rank with bodies must.
  Partition partition(MPI_Comm comm, std::span<const Body> owned, std::span<const double> weights = {}) const;

 private:
  PartitionMethod method_;
  double imbalance_tolerance_;
};

}  // namespace relcp::particles
