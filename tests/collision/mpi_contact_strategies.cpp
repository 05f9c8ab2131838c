// The contact strategies on their own, on 1-4 ranks: which rows each one builds from a scene at
// C^k and at a trial configuration, the overlap its model reports, and which strategy and solve
// cap make_contact_strategy picks from the settings.
//
// Scene: two unit spheres on the x axis whose centres are 2 - depth apart (overlap `depth`), a
// third far away, and a wall at x = -1 that the first sphere overlaps by `wall_depth`. Row
// counts are totals over the ranks: each pair and each body-wall contact is built by one rank.
#include <gtest/gtest.h>
#include <mpi.h>

#include <cstdint>
#include <memory>
#include <vector>

#include "collision/detection/contact_scene.hpp"
#include "collision/strategies/strategy_registry.hpp"
#include "collision/strategies/multisphere_strategy.hpp"
#include "collision/strategies/relcp_strategy.hpp"
#include "collision/strategies/single_constraint_strategy.hpp"
#include "support/contact_scene.hpp"
#include "support/scene_bodies.hpp"

namespace relcp::collision {
namespace {

using testing::make_body;
using testing::make_store;

constexpr double kSearchBuffer = 0.2;
const std::vector<geometry::HalfSpace> kWall{{Vec3(-1.0, 0.0, 0.0), Vec3(1.0, 0.0, 0.0)}};

std::vector<particles::Body> scene_bodies(double depth, double wall_depth) {
  const geometry::Sphere unit{1.0};
  const Quaternion identity = Quaternion::Identity();
  return {make_body(0, unit, Vec3(-wall_depth, 0.0, 0.0), identity),
          make_body(1, unit, Vec3(2.0 - depth - wall_depth, 0.0, 0.0), identity),
          make_body(2, unit, Vec3(10.0, 0.0, 5.0), identity)};
}

std::int64_t total(MPI_Comm comm, std::size_t local) {
  std::int64_t mine = static_cast<std::int64_t>(local), sum = 0;
  MPI_Allreduce(&mine, &sum, 1, MPI_INT64_T, MPI_SUM, comm);
  return sum;
}

double largest(MPI_Comm comm, double local) {
  double out = local;
  MPI_Allreduce(&local, &out, 1, MPI_DOUBLE, MPI_MAX, comm);
  return out;
}

class ContactStrategies : public ::testing::Test {
 protected:
  // The scene as the resolver detects it; its store lives as long as the test.
  ContactScene detect_scene(double depth, double wall_depth, double needed_below) {
    stores_.push_back(
        std::make_unique<particles::ParticleStore>(make_store(MPI_COMM_WORLD, scene_bodies(depth, wall_depth))));
    stores_.back()->exchange_ghosts(kSearchBuffer);
    return detect_contacts(*stores_.back(), kWall, kSearchBuffer, needed_below);
  }
  std::vector<std::unique_ptr<particles::ParticleStore>> stores_;
};

TEST_F(ContactStrategies, SingleBuildsOneRowPerNearPairAndWallAndNothingAtATrial) {
  const ContactScene start = detect_scene(0.1, 0.05, kSearchBuffer);
  const SingleConstraintStrategy single(kSearchBuffer);
  EXPECT_EQ(total(MPI_COMM_WORLD, single.rows_at_start(start).size()), 2);
  EXPECT_EQ(total(MPI_COMM_WORLD, single.rows_at_trial(start).size()), 0);
  EXPECT_EQ(single.max_solves(), 1);
  EXPECT_NEAR(largest(MPI_COMM_WORLD, single.model_overlap(start)), 0.1, 1e-12);
}

TEST_F(ContactStrategies, RelcpAddsRowsOnlyWherePairsOverlapBeyondTheTolerance) {
  const RelcpStrategy relcp(kSearchBuffer, 1e-3, 7);
  EXPECT_EQ(relcp.max_solves(), 7);
  const ContactScene start = detect_scene(0.1, 0.05, kSearchBuffer);
  EXPECT_EQ(total(MPI_COMM_WORLD, relcp.rows_at_start(start).size()), 2);

  // A trial where the pair overlaps by 0.1 and the wall contact by 0.05: both get a new row.
  const ContactScene deep = detect_scene(0.1, 0.05, 0.0);
  EXPECT_EQ(total(MPI_COMM_WORLD, relcp.rows_at_trial(deep).size()), 2);
  // Overlaps within the tolerance, or gaps within the buffer, need none.
  const ContactScene shallow = detect_scene(5e-4, -0.1, 0.0);
  EXPECT_EQ(total(MPI_COMM_WORLD, relcp.rows_at_trial(shallow).size()), 0);
}

TEST_F(ContactStrategies, MultisphereOfSpheresIsOneRowPerPairAndTheTrueOverlap) {
  const MultisphereStrategy multisphere(13, kSearchBuffer, kWall);
  const ContactScene start = detect_scene(0.1, 0.05, kSearchBuffer);
  // A sphere is its own decomposition whatever the count.
  EXPECT_EQ(total(MPI_COMM_WORLD, multisphere.rows_at_start(start).size()), 2);
  EXPECT_EQ(total(MPI_COMM_WORLD, multisphere.rows_at_trial(start).size()), 0);
  EXPECT_NEAR(largest(MPI_COMM_WORLD, multisphere.model_overlap(start)), 0.1, 1e-12);
  EXPECT_NEAR(largest(MPI_COMM_WORLD, largest_true_overlap(start)), 0.1, 1e-12);
}

TEST(ContactStrategyFactory, PicksTheStrategyOfTheSettingsAndItsSolveCap) {
  ContactSettings settings;
  settings.strategy.name = "single";
  EXPECT_EQ(make_contact_strategy(settings)->name(), "single");
  settings.strategy.name = "multisphere";
  EXPECT_EQ(make_contact_strategy(settings)->name(), "multisphere");
  EXPECT_EQ(make_contact_strategy(settings)->max_solves(), 1);
  settings.strategy.name = "relcp";
  settings.strategy.max_relcp_iterations = 12;
  EXPECT_EQ(make_contact_strategy(settings)->name(), "relcp");
  EXPECT_EQ(make_contact_strategy(settings)->max_solves(), 12);
  settings.strategy.max_relcp_iterations = 0;  // at least one solve
  EXPECT_EQ(make_contact_strategy(settings)->max_solves(), 1);
}

}  // namespace
}  // namespace relcp::collision
