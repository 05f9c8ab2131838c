#include <gtest/gtest.h>
#include <mpi.h>

#include <algorithm>
#include <limits>
#include <numeric>
#include <string>

#include "particles/particle_store.hpp"
#include "particles/random_placement.hpp"
#include "support/gathered_bodies.hpp"

namespace relcp::particles {
namespace {

std::vector<Body> uniform_spheres(std::int64_t count, const Vec3& lower, const Vec3& upper, std::uint64_t seed) {
  RandomPlacement placement;
  placement.count = count;
  placement.lower = lower;
  placement.upper = upper;
  placement.shape = geometry::Sphere{0.5};
  placement.seed = seed;
  return place_random_bodies(placement, Domain{});
}

// max / mean over ranks of a per-rank load.
double imbalance(double local_load) {
  int size = 1;
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  double max_load = 0.0;
  double total = 0.0;
  MPI_Allreduce(&local_load, &max_load, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
  MPI_Allreduce(&local_load, &total, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  return max_load / (total / size);
}

void expect_every_body_in_its_region(const ParticleStore& store) {
  for (const Body& body : store.owned()) {
    EXPECT_TRUE(store.regions().box(store.rank()).contains_closed(body.pose.position));
  }
}

class Partitioning : public ::testing::TestWithParam<PartitionMethod> {};

TEST_P(Partitioning, BalancesAUniformDistributionWithin10Percent) {
  const auto all = uniform_spheres(6000, Vec3(0, 0, 0), Vec3(60, 30, 40), 1);
  ParticleStore store(MPI_COMM_WORLD, Domain{});
  store.distribute_from_all(all);
  store.rebalance(Partitioner(GetParam()));
  EXPECT_LE(imbalance(static_cast<double>(store.owned().size())), 1.1);
  expect_every_body_in_its_region(store);
  // Nothing lost or duplicated.
  const auto gathered = testing::gather_all_bodies(MPI_COMM_WORLD, store.owned());
  ASSERT_EQ(gathered.size(), all.size());
  for (std::size_t k = 0; k < all.size(); ++k) EXPECT_TRUE(testing::identical(gathered[k], all[k]));
}

TEST_P(Partitioning, BalancesWeightsWithin10Percent) {
  const auto all = uniform_spheres(6000, Vec3(0, 0, 0), Vec3(50, 50, 50), 2);
  ParticleStore store(MPI_COMM_WORLD, Domain{});
  store.distribute_from_all(all);
  // Bodies in the upper half in x cost four times as much.
  const auto weight_of = [](const Body& body) { return body.pose.position.x() > 25.0 ? 4.0 : 1.0; };
  std::vector<double> weights;
  for (const Body& body : store.owned()) weights.push_back(weight_of(body));
  store.rebalance(Partitioner(GetParam()), weights);
  double load = 0.0;
  for (const Body& body : store.owned()) load += weight_of(body);
  EXPECT_LE(imbalance(load), 1.1);
  expect_every_body_in_its_region(store);
}

TEST_P(Partitioning, RegionsTileSpaceAndAFlatLayerIsCutInItsPlane) {
  auto all = uniform_spheres(1500, Vec3(-40, -20, 0), Vec3(40, 20, 0), 3);
  ParticleStore store(MPI_COMM_WORLD, Domain{});
  store.distribute_from_all(all);
  store.rebalance(Partitioner(GetParam()));
  EXPECT_LE(imbalance(static_cast<double>(store.owned().size())), 1.1);
  const RegionMap& regions = store.regions();
  for (int r = 0; r < regions.num_ranks(); ++r) {
    EXPECT_EQ(regions.box(r).lower.z(), -std::numeric_limits<double>::infinity());
    EXPECT_EQ(regions.box(r).upper.z(), std::numeric_limits<double>::infinity());
  }
  // Far outside the bodies' bounding box every point still has exactly one owner.
  for (const Vec3& point : {Vec3(1e6, 1e6, 1e6), Vec3(-1e6, 3, -7), Vec3(0, -1e9, 0)}) {
    int holders = 0;
    for (int r = 0; r < regions.num_ranks(); ++r) holders += regions.box(r).contains_half_open(point);
    EXPECT_EQ(holders, 1);
  }
}

INSTANTIATE_TEST_SUITE_P(Methods, Partitioning, ::testing::Values(PartitionMethod::rcb, PartitionMethod::multijagged),
                         [](const auto& test_info) { return std::string(name_of(test_info.param)); });

TEST(Partitioning, HandlesFewerBodiesThanRanksAndNoBodies) {
  ParticleStore store(MPI_COMM_WORLD, Domain{});
  store.rebalance(Partitioner(PartitionMethod::multijagged));
  EXPECT_EQ(store.global_count(), 0);
  const auto one = uniform_spheres(1, Vec3::Zero(), Vec3::Ones(), 4);
  store.distribute_from_all(one);
  store.rebalance(Partitioner(PartitionMethod::rcb));
  EXPECT_EQ(store.global_count(), 1);
  expect_every_body_in_its_region(store);
}

}  // namespace
}  // namespace relcp::particles
