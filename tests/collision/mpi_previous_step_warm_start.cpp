// collision.warm_start: previous_step on 1-4 ranks. Two ellipsoids pressed together by constant
// forces reach a resting contact whose force no longer changes; started from the previous
// step's forces, the late steps need fewer solver iterations than from the default zero start,
// and both runs end at the same poses. A frictional contact whose tangent frame turns between two
// steps starts from its friction force's components in the new frame, also after a checkpoint.
#include <gtest/gtest.h>
#include <mpi.h>

#include <vector>

#include "collision/assembly/distributed_constraint_matrix.hpp"
#include "collision/assembly/flat_state.hpp"
#include "collision/assembly/previous_step_forces.hpp"

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

// One frictional contact between this rank's two bodies: its normal row along z and tangent rows
// along t1 and t2 (rows of a pair constraint are not needed for the matching).
std::vector<ConstraintRecord> frictional_contact(const Vec3& t1, const Vec3& t2) {
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  std::vector<ConstraintRecord> records(3);
  const RowRole roles[] = {RowRole::normal, RowRole::tangent_1, RowRole::tangent_2};
  const Vec3 directions[] = {Vec3::UnitZ(), t1, t2};
  for (int k = 0; k < 3; ++k) {
    ConstraintRecord& record = records[static_cast<std::size_t>(k)];
    record.body_a = 2 * rank;
    record.body_b = 2 * rank + 1;
    record.normal = Vec3::UnitZ();
    record.role = roles[k];
    record.friction = 0.5;
    record.row.segment<3>(0) = -directions[k];
    record.row.segment<3>(6) = directions[k];
    if (k > 0) record.tangent = directions[k];
  }
  return records;
}

DistributedConstraintMatrix matrix_of(const std::vector<ConstraintRecord>& records) {
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  DistributedConstraintMatrix matrix(MPI_COMM_WORLD, {GlobalId{2 * rank}, GlobalId{2 * rank + 1}});
  matrix.append(records);
  return matrix;
}

TEST(PreviousStepWarmStart, FrictionForcesFollowATurnedTangentFrame) {
  const DistributedConstraintMatrix before = matrix_of(frictional_contact(Vec3::UnitX(), Vec3::UnitY()));
  DistributedVector gamma(before.constraint_layout());
  gamma[0] = 1.0;   // normal
  gamma[1] = 0.3;   // along x
  gamma[2] = -0.2;  // along y: the friction force is (0.3, -0.2, 0)
  const PreviousStepForces remembered(before, gamma);

  // The next step's frame is turned by 90 degrees about the normal: t1 = y, t2 = -x.
  const DistributedConstraintMatrix after = matrix_of(frictional_contact(Vec3::UnitY(), -Vec3::UnitX()));
  const DistributedVector start = remembered.warm_start(after);
  EXPECT_DOUBLE_EQ(start[0], 1.0);
  EXPECT_DOUBLE_EQ(start[1], -0.2);
  EXPECT_DOUBLE_EQ(start[2], -0.3);

  FlatStateWriter writer;
  remembered.save(writer);
  const std::vector<double> saved = writer.take();
  FlatStateReader reader(saved);
  PreviousStepForces restored;
  restored.restore(reader);
  EXPECT_TRUE(reader.at_end());
  EXPECT_EQ(restored.size(), remembered.size());
  const DistributedVector restarted = restored.warm_start(after);
  for (std::size_t r = 0; r < 3; ++r) EXPECT_EQ(restarted[r], start[r]) << "row " << r;
}

// A checkpoint written before the lab-frame vectors holds a tangent row's force in its own frame,
// which is lost: the row starts from zero, the normal row from its force.
TEST(PreviousStepWarmStart, TangentForcesOfAnOlderCheckpointAreDropped) {
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  FlatStateWriter writer;
  writer.integer(2);
  for (const auto& [role, force] : {std::pair{0, 1.0}, std::pair{1, 0.3}}) {
    writer.integer(2 * rank);
    writer.integer(2 * rank + 1);
    writer.integer(-1);
    writer.integer(0);
    writer.integer(role);
    writer.number(force);
  }
  const std::vector<double> saved = writer.take();
  FlatStateReader reader(saved);
  PreviousStepForces restored;
  restored.restore(reader);
  const DistributedVector start = restored.warm_start(matrix_of(frictional_contact(Vec3::UnitX(), Vec3::UnitY())));
  EXPECT_EQ(start[0], 1.0);
  EXPECT_EQ(start[1], 0.0);
  EXPECT_EQ(start[2], 0.0);
}

}  // namespace
}  // namespace relcp::collision
