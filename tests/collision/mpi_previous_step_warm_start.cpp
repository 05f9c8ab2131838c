// collision.warm_start: previous_step on 1-4 ranks. Two ellipsoids pressed together by constant
// forces reach a resting contact whose force no longer changes; started from the previous
// step's forces, the late steps need fewer solver iterations than from the default zero start,
// and both runs end at the same poses.
#include <gtest/gtest.h>
#include <mpi.h>

#include <vector>

#include "support/contact_scene.hpp"
#include "support/scene_bodies.hpp"

namespace relcp::collision {
namespace {

using testing::about;
using testing::gather_poses;
using testing::make_store;
using testing::overdamped_step;

struct RunOutcome {
  std::vector<std::int64_t> solver_iterations;  // per step
  std::map<GlobalId, geometry::Pose> poses;
};

RunOutcome resting_contact(bool warm_start) {
  const geometry::Ellipsoid shape{Vec3(2.0, 1.0, 1.0)};
  const std::vector<particles::Body> bodies{
      testing::make_body(0, shape, Vec3(0.0, 1.05, 0.0), about(Vec3::UnitZ(), 10.0), Vec3(0.0, -1.0, 0.0)),
      testing::make_body(1, shape, Vec3(0.3, -1.05, 0.0), about(Vec3::UnitZ(), -5.0), Vec3(0.0, 1.0, 0.0))};
  auto store = make_store(MPI_COMM_WORLD, bodies);
  ContactSettings settings;
  settings.strategy.name = "single";
  // The property holds for bbpgd; apgd's momentum makes a warm start no cheaper here (late
  // steps 25 against 16 iterations), one reason the option stays off (collision_strategies.md).
  settings.solver.name = "bbpgd";
  settings.strategy.tolerance = 1e-6;
  settings.solver.warm_start_from_previous_step = warm_start;
  ContactResolver resolver(settings, ContactDynamics{});
  RunOutcome outcome;
  for (int step = 0; step < 40; ++step) {
    outcome.solver_iterations.push_back(overdamped_step(store, resolver, 0.05).solver_iterations);
  }
  outcome.poses = gather_poses(store);
  return outcome;
}

TEST(PreviousStepWarmStart, RestingContactNeedsFewerIterationsAndEndsWhereTheColdStartEnds) {
  const RunOutcome cold = resting_contact(false);
  const RunOutcome warm = resting_contact(true);
  std::int64_t cold_late = 0;
  std::int64_t warm_late = 0;
  for (std::size_t step = 30; step < cold.solver_iterations.size(); ++step) {
    cold_late += cold.solver_iterations[step];
    warm_late += warm.solver_iterations[step];
  }
  EXPECT_GT(cold_late, 0) << "a cold start always iterates";
  EXPECT_LT(warm_late, cold_late);
  for (const auto& [id, pose] : cold.poses) {
    EXPECT_LT((warm.poses.at(id).position - pose.position).norm(), 1e-4) << "body " << id;
  }
}

}  // namespace
}  // namespace relcp::collision
