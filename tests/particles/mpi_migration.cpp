#include <gtest/gtest.h>
#include <mpi.h>

#include <algorithm>
#include <cmath>
#include <limits>

#include "core/error.hpp"
#include "particles/particle_store.hpp"
#include "particles/random_placement.hpp"
#include "support/gathered_bodies.hpp"

namespace relcp::particles {
namespace {

std::vector<Body> random_rods(std::int64_t count, const Vec3& lower, const Vec3& upper) {
  RandomPlacement placement;
  placement.count = count;
  placement.lower = lower;
  placement.upper = upper;
  placement.shape = geometry::Spherocylinder{0.2, 1.0};
  placement.seed = 17;
  return place_random_bodies(placement, Domain{});
}

// A strong swirling flow: in one step a body travels a sizeable part of the box, often across
// several regions (and periodic faces).
Vec3 displacement(const Vec3& x, int step) {
  const double phase = 0.7 * step;
  return Vec3(9.0 * std::sin(0.3 * x.y() + phase), 7.0 * std::cos(0.2 * x.x() - phase),
              5.0 * std::sin(0.25 * (x.x() + x.y()) + phase));
}

void run_flow(const Domain& domain, const std::vector<Body>& start, const Vec3& lower, const Vec3& upper) {
  ParticleStore store(MPI_COMM_WORLD, domain);
  store.distribute_from_all(start);
  store.rebalance(Partitioner(PartitionMethod::rcb));
  std::vector<Body> expected = start;
  std::size_t departures = 0;
  for (int step = 0; step < 6; ++step) {
    for (Body& body : store.owned()) body.pose.position += displacement(body.pose.position, step);
    for (Body& body : expected)
      body.pose.position = domain.wrap(body.pose.position + displacement(body.pose.position, step));
    std::size_t left = store.migrate();
    MPI_Allreduce(MPI_IN_PLACE, &left, 1, MPI_UNSIGNED_LONG, MPI_SUM, MPI_COMM_WORLD);
    departures += left;
    for (const Body& body : store.owned()) {
      ASSERT_TRUE(store.regions().box(store.rank()).contains_closed(body.pose.position));
      if (domain.any_periodic()) {
        for (int axis = 0; axis < 3; ++axis) {
          if (!domain.periodic[axis]) continue;
          EXPECT_GE(body.pose.position[axis], lower[axis]);
          EXPECT_LT(body.pose.position[axis], upper[axis]);
        }
      }
    }
    const auto gathered = testing::gather_all_bodies(MPI_COMM_WORLD, store.owned());
    ASSERT_EQ(gathered.size(), expected.size());
    for (std::size_t k = 0; k < expected.size(); ++k) {
      ASSERT_TRUE(testing::identical(gathered[k], expected[k])) << "body " << expected[k].id;
    }
  }
  int size = 1;
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  if (size > 1) {
    EXPECT_GT(departures, start.size() / 4);  // the flow really moved bodies
  }
}

TEST(Migration, StrongFlowInOpenSpaceKeepsEveryBodyExactlyOnceOnItsRegionsOwner) {
  const Vec3 lower(0, 0, 0);
  const Vec3 upper(30, 30, 30);
  run_flow(Domain{}, random_rods(1500, lower, upper), lower, upper);
}

TEST(Migration, StrongFlowThroughPeriodicFacesWrapsAndMigrates) {
  Domain domain;
  domain.lower = Vec3(0, 0, 0);
  domain.upper = Vec3(30, 30, 30);
  domain.periodic = {true, true, false};
  run_flow(domain, random_rods(1500, domain.lower, domain.upper), domain.lower, domain.upper);
}

TEST(Migration, RebalanceAfterDriftRestoresBalance) {
  ParticleStore store(MPI_COMM_WORLD, Domain{});
  store.distribute_from_all(random_rods(3000, Vec3(0, 0, 0), Vec3(40, 40, 40)));
  const Partitioner partitioner(PartitionMethod::multijagged);
  store.rebalance(partitioner);
  // Squeeze everything into a corner: ownership follows the old regions and gets unbalanced.
  for (Body& body : store.owned()) body.pose.position *= 0.2;
  store.migrate();
  store.rebalance(partitioner);
  int size = 1;
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  double local = static_cast<double>(store.owned().size());
  double max_load = 0;
  MPI_Allreduce(&local, &max_load, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
  EXPECT_LE(max_load / (3000.0 / size), 1.1);
  EXPECT_EQ(store.global_count(), 3000);
}

TEST(Migration, ADivergedBodyOnOneRankStopsEveryRank) {
  ParticleStore store(MPI_COMM_WORLD, Domain{});
  store.distribute_from_all(random_rods(200, Vec3(0, 0, 0), Vec3(20, 20, 20)));
  store.rebalance(Partitioner(PartitionMethod::rcb));
  int size = 1;
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  if (store.rank() == size - 1 && !store.owned().empty()) {
    store.owned().front().pose.position.x() = std::numeric_limits<double>::quiet_NaN();
  }
  EXPECT_THROW(store.migrate(), RunTimeFailure);
}

TEST(Migration, RebalanceLeavesOwnedBodiesSortedById) {
  ParticleStore store(MPI_COMM_WORLD, Domain{});
  store.distribute_from_all(random_rods(1000, Vec3(0, 0, 0), Vec3(20, 20, 20)));
  const Partitioner partitioner(PartitionMethod::multijagged);
  store.rebalance(partitioner);
  for (Body& body : store.owned()) body.pose.position = Vec3(20, 20, 20) - body.pose.position;
  store.migrate();
  store.rebalance(partitioner);
  EXPECT_TRUE(std::is_sorted(store.owned().begin(), store.owned().end(),
                             [](const Body& a, const Body& b) { return a.id < b.id; }));
}

}  // namespace
}  // namespace relcp::particles
