#include <gtest/gtest.h>
#include <mpi.h>

#include <cmath>
#include <numbers>
#include <set>

#include "dynamics/cell_growth.hpp"
#include "particles/particle_store.hpp"
#include "support/gathered_bodies.hpp"

namespace relcp::dynamics {
namespace {

using particles::Body;

double tip_to_tip(const Body& body) {
  const auto& rod = std::get<geometry::Spherocylinder>(body.shape);
  return rod.length + 2.0 * rod.radius;
}

// A monolayer colony (Palmer et al. 2025, Sec. 4.3, scaled down): rods of l0 = 2, diameter 0.5,
// axes along y, 10 apart on the x axis; dl/dt = l, division at 4; with dt = ln 2 / 16 every cell
// divides every 16 steps.
struct Colony {
  particles::ParticleStore store{MPI_COMM_WORLD, particles::Domain{}};
  CellGrowth growth;
  int steps_per_generation = 16;
  double dt = std::numbers::ln2 / 16;

  Colony(double angle_noise_deg, int founders, std::uint64_t seed = 77)
      : growth(GrowthOptions{1.0, 4.0, angle_noise_deg, true, seed}) {
    std::vector<Body> first(static_cast<std::size_t>(founders));
    for (int k = 0; k < founders; ++k) {
      first[static_cast<std::size_t>(k)].id = k;
      first[static_cast<std::size_t>(k)].shape = geometry::Spherocylinder{0.25, 1.5};
      first[static_cast<std::size_t>(k)].pose.position = Vec3(10.0 * k, 0, 0);
      first[static_cast<std::size_t>(k)].pose.orientation =
          Quaternion(Eigen::AngleAxisd(-std::numbers::pi / 2, Vec3::UnitX()));  // body z -> y
    }
    store.distribute_from_all(first);
  }

  void run_generations(int generations) {
    const particles::Partitioner partitioner(particles::PartitionMethod::rcb);
    for (int step = 0; step < generations * steps_per_generation; ++step) {
      growth.grow(store.owned(), dt);
      growth.divide(store);
      store.rebalance(partitioner);
    }
  }

  std::vector<Body> cells() const { return particles::testing::gather_all_bodies(MPI_COMM_WORLD, store.owned()); }
};

TEST(CellGrowth, ColonyDoublesEveryGenerationWithUniqueConsecutiveIds) {
  Colony colony(0.01, 1);
  for (int generation = 1; generation <= 6; ++generation) {
    colony.run_generations(1);
    const auto cells = colony.cells();
    const std::size_t expected = std::size_t{1} << generation;
    ASSERT_EQ(cells.size(), expected);
    for (std::size_t k = 0; k < cells.size(); ++k) {
      EXPECT_EQ(cells[k].id, static_cast<GlobalId>(k));  // 0 .. 2^g - 1, none lost or repeated
      EXPECT_NEAR(tip_to_tip(cells[k]), 2.0, 1e-9);
      EXPECT_EQ(cells[k].pose.position.z(), 0.0);
      EXPECT_NEAR((cells[k].pose.orientation * Vec3::UnitZ()).z(), 0.0, 1e-15);
    }
    EXPECT_EQ(colony.store.id_allocator().next_free(), static_cast<GlobalId>(expected));
  }
  EXPECT_EQ(colony.growth.random_state().rounds, 6u * 16u);
}

TEST(CellGrowth, DaughtersAreTurnedByTheNoiseAngleWithRandomSigns) {
  Colony colony(5.0, 8);
  colony.run_generations(1);
  const auto cells = colony.cells();
  ASSERT_EQ(cells.size(), 16u);
  std::set<int> signs;
  for (const Body& cell : cells) {
    const Vec3 axis = cell.pose.orientation * Vec3::UnitZ();
    const double turned = std::atan2(Vec3::UnitY().cross(axis).z(), Vec3::UnitY().dot(axis));
    EXPECT_NEAR(std::abs(turned), 5.0 * std::numbers::pi / 180.0, 1e-12);
    signs.insert(turned > 0 ? 1 : -1);
  }
  EXPECT_EQ(signs.size(), 2u);
}

TEST(CellGrowth, RestoredRandomStateContinuesTheSameSequence) {
  Colony original(1.0, 3);
  original.run_generations(2);
  // Checkpoint: the bodies, the id allocator and the division random state.
  const auto saved_cells = original.cells();
  const DivisionRandomState saved_state = original.growth.random_state();

  Colony resumed(1.0, 0, 12345);  // another seed, to be replaced by the restored state
  resumed.store.distribute_from_all(saved_cells);
  resumed.store.id_allocator().set_next_free(original.store.id_allocator().next_free());
  resumed.growth.restore_random_state(saved_state);

  original.run_generations(1);
  resumed.run_generations(1);
  const auto a = original.cells();
  const auto b = resumed.cells();
  ASSERT_EQ(a.size(), 3u * 8u);
  ASSERT_EQ(a.size(), b.size());
  for (std::size_t k = 0; k < a.size(); ++k) EXPECT_TRUE(particles::testing::identical(a[k], b[k]));
}

}  // namespace
}  // namespace relcp::dynamics
