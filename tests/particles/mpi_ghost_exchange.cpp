#include <gtest/gtest.h>
#include <mpi.h>

#include <map>
#include <set>
#include <tuple>

#include "core/error.hpp"
#include "geometry/shapes/shape_properties.hpp"
#include "particles/particle_store.hpp"
#include "particles/random_placement.hpp"
#include "support/gathered_bodies.hpp"

namespace relcp::particles {
namespace {

Domain periodic_box() {
  Domain domain;
  domain.lower = Vec3(-10, -10, -10);
  domain.upper = Vec3(10, 10, 10);
  domain.periodic = {true, false, true};
  return domain;
}

std::vector<Body> mixed_bodies(const Domain& domain) {
  RandomPlacement rods;
  rods.count = 600;
  rods.lower = domain.lower;
  rods.upper = domain.upper;
  rods.shape = geometry::Spherocylinder{0.15, 1.2};
  rods.seed = 3;
  auto bodies = place_random_bodies(rods, domain);
  RandomPlacement balls = rods;
  balls.count = 300;
  balls.shape = geometry::Sphere{0.3};
  balls.seed = 4;
  balls.first_id = 600;
  const auto more = place_random_bodies(balls, domain, bodies);
  bodies.insert(bodies.end(), more.begin(), more.end());
  return bodies;
}

using ImageKey = std::tuple<GlobalId, long, long, long>;  // id and offset in whole periods

ImageKey key_of(GlobalId id, const Vec3& offset, const Domain& domain) {
  return {id, std::lround(offset.x() / domain.length(0)), std::lround(offset.y() / 1.0),
          std::lround(offset.z() / domain.length(2))};
}

TEST(GhostExchange, EveryBodyNearAnOwnedBodyIsPresentAtItsNearestImage) {
  const Domain domain = periodic_box();
  ParticleStore store(MPI_COMM_WORLD, domain);
  store.distribute_from_all(mixed_bodies(domain));
  store.rebalance(Partitioner(PartitionMethod::rcb));
  const double buffer = 0.4;
  store.exchange_ghosts(buffer);
  EXPECT_DOUBLE_EQ(store.ghost_halo_width(), buffer + 2.0 * 0.75);

  std::set<ImageKey> local;  // every body image available on this rank
  for (const Body& body : store.owned()) local.insert(key_of(body.id, Vec3::Zero(), domain));
  for (const Ghost& ghost : store.ghosts()) {
    const auto [_, inserted] = local.insert(key_of(ghost.body.id, ghost.image_offset, domain));
    EXPECT_TRUE(inserted) << "duplicate ghost " << ghost.body.id;
    EXPECT_NE(ghost.owner_rank, -1);
  }

  const auto all = testing::gather_all_bodies(MPI_COMM_WORLD, store.owned());
  const double cutoff = store.ghost_halo_width();
  for (const Body& a : store.owned()) {
    for (const Body& b : all) {
      if (b.id == a.id) continue;
      const Vec3 direct = b.pose.position - a.pose.position;
      const Vec3 image = domain.minimum_image(direct);
      if (image.norm() >= cutoff) continue;
      EXPECT_EQ(local.count(key_of(b.id, image - direct, domain)), 1u)
          << "body " << b.id << " missing near owned body " << a.id;
    }
  }
}

TEST(GhostExchange, GhostsCarryTheOwnersStateAndRefreshFollowsIt) {
  const Domain domain = periodic_box();
  ParticleStore store(MPI_COMM_WORLD, domain);
  store.distribute_from_all(mixed_bodies(domain));
  store.rebalance(Partitioner(PartitionMethod::multijagged));
  store.exchange_ghosts(0.2);
  const std::size_t count = store.ghosts().size();

  // Trial move: every owner shifts its bodies a little and tags them; ghosts follow.
  for (Body& body : store.owned()) {
    body.pose.position += Vec3(0.01, -0.02, 0.03);
    body.velocity = Vec3(static_cast<double>(body.id), 1.0, 2.0);
  }
  store.refresh_ghosts();
  ASSERT_EQ(store.ghosts().size(), count);
  const auto all = testing::gather_all_bodies(MPI_COMM_WORLD, store.owned());
  std::map<GlobalId, const Body*> by_id;
  for (const Body& body : all) by_id[body.id] = &body;
  for (const Ghost& ghost : store.ghosts()) {
    const Body& owner_copy = *by_id.at(ghost.body.id);
    EXPECT_EQ(ghost.body.velocity, owner_copy.velocity);
    EXPECT_EQ(ghost.body.pose.position, owner_copy.pose.position + ghost.image_offset);
    EXPECT_EQ(ghost.body.shape.index(), owner_copy.shape.index());
  }
}

TEST(GhostExchange, RefreshAfterTheOwnedListChangedIsRefused) {
  ParticleStore store(MPI_COMM_WORLD, Domain{});
  store.exchange_ghosts(0.1);
  Body extra;
  extra.id = 1000 + store.rank();
  store.owned().push_back(extra);
  EXPECT_THROW(store.refresh_ghosts(), std::logic_error);
}

TEST(GhostExchange, RejectsAPeriodicBoxSmallerThanTwoHalos) {
  Domain domain;
  domain.lower = Vec3::Zero();
  domain.upper = Vec3(2, 2, 2);
  domain.periodic = {true, true, true};
  ParticleStore store(MPI_COMM_WORLD, domain);
  std::vector<Body> one(1);
  one[0].id = 0;
  one[0].shape = geometry::Sphere{0.5};
  store.distribute_from_all(one);
  EXPECT_THROW(store.exchange_ghosts(0.2), InputError);
}

}  // namespace
}  // namespace relcp::particles
