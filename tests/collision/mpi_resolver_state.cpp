// The resolver's state between steps, as a checkpoint keeps it (docs/output.md, "Checkpoints"):
// a new resolver given the saved state of another takes the next step exactly as that one does,
// on 1-4 ranks; an empty state (an older checkpoint) leaves a resolver as new, and a state that
// does not parse is refused.
#include <gtest/gtest.h>
#include <mpi.h>

#include <bit>
#include <vector>

#include "core/error.hpp"
#include "support/contact_scene.hpp"
#include "support/scene_bodies.hpp"

namespace relcp::collision {
namespace {

using testing::about;
using testing::gather_poses;
using testing::make_store;
using testing::overdamped_step;

ContactSettings warm_started_settings() {
  ContactSettings settings;
  settings.strategy.name = "single";
  settings.solver.name = "bbpgd";
  settings.strategy.tolerance = 1e-6;
  settings.solver.warm_start_from_previous_step = true;
  return settings;
}

std::vector<particles::Body> pressed_ellipsoids() {
  const geometry::Ellipsoid shape{Vec3(2.0, 1.0, 1.0)};
  return {testing::make_body(0, shape, Vec3(0.0, 1.05, 0.0), about(Vec3::UnitZ(), 10.0), Vec3(0.0, -1.0, 0.0)),
          testing::make_body(1, shape, Vec3(0.3, -1.05, 0.0), about(Vec3::UnitZ(), -5.0), Vec3(0.0, 1.0, 0.0))};
}

TEST(ResolverState, ARestoredResolverTakesTheNextStepAsTheOriginalDoes) {
  auto original_store = make_store(MPI_COMM_WORLD, pressed_ellipsoids());
  auto restored_store = make_store(MPI_COMM_WORLD, pressed_ellipsoids());
  ContactResolver original(warm_started_settings(), ContactDynamics{});
  ContactResolver twin(warm_started_settings(), ContactDynamics{});
  for (int step = 0; step < 20; ++step) {
    overdamped_step(original_store, original, 0.05);
    overdamped_step(restored_store, twin, 0.05);
  }
  ContactResolver restored(warm_started_settings(), ContactDynamics{});
  restored.restore_state(original.saved_state());
  EXPECT_EQ(restored.saved_state().size(), original.saved_state().size());

  const auto next = overdamped_step(original_store, original, 0.05);
  const auto next_restored = overdamped_step(restored_store, restored, 0.05);
  EXPECT_EQ(next_restored.solver_iterations, next.solver_iterations);
  const auto poses = gather_poses(original_store);
  const auto restored_poses = gather_poses(restored_store);
  for (const auto& [id, pose] : poses) {
    for (int k = 0; k < 3; ++k) {
      EXPECT_EQ(std::bit_cast<std::uint64_t>(restored_poses.at(id).position[k]),
                std::bit_cast<std::uint64_t>(pose.position[k]))
          << "body " << id;
    }
  }
}

TEST(ResolverState, AnEmptyStateLeavesTheResolverAsNewAndAGarbledOneIsRefused) {
  ContactResolver resolver(warm_started_settings(), ContactDynamics{});
  const std::vector<double> fresh = resolver.saved_state();
  EXPECT_NO_THROW(resolver.restore_state({}));
  EXPECT_EQ(resolver.saved_state(), fresh);
  EXPECT_THROW(resolver.restore_state({std::bit_cast<double>(std::int64_t{99})}), RunTimeFailure);
  std::vector<double> truncated = fresh;
  truncated.pop_back();
  EXPECT_THROW(resolver.restore_state(truncated), RunTimeFailure);
  std::vector<double> longer = fresh;
  longer.push_back(0.0);
  EXPECT_THROW(resolver.restore_state(longer), RunTimeFailure);
}

}  // namespace
}  // namespace relcp::collision
