// Monolayer contacts on 1-4 ranks (growth.monolayer: bodies in z = 0 turning about z): the
// contact velocity uses the projected mobility P M P, so rods and tilted ellipsoids pushed
// into each other get exactly planar velocities from the resolver and stay exactly in the plane, for
// single, multisphere and relcp, overdamped and inertial.
#include <gtest/gtest.h>
#include <mpi.h>

#include <algorithm>
#include <cmath>
#include <vector>

#include "support/contact_scene.hpp"
#include "support/integrated_step.hpp"
#include "support/scene_bodies.hpp"
#include "support/strategy_cases.hpp"

namespace relcp::collision {
namespace {

using testing::about;
using testing::gather_poses;
using testing::make_body;
using testing::make_store;
using testing::StrategyCase;

constexpr double kTolerance = 1e-6;

// Pairs pushed into each other (a ring around one point would jam and make the solves slow):
// two rods side by side, two ellipsoids tilted out of the plane (contact normals with a z
// component), and a tilted ellipsoid onto a rod. `push` holds each body's force.
std::vector<particles::Body> planar_scene() {
  const geometry::Spherocylinder rod{0.25, 1.5};
  const geometry::Ellipsoid ellipsoid{Vec3(1.0, 0.6, 0.4)};
  const Quaternion lying = about(Vec3::UnitY(), 90.0);  // body z (the rod axis) along lab x
  const Quaternion tilted_a = about(Vec3(1.0, 0.4, 0.2), 40.0);
  const Quaternion tilted_b = about(Vec3(0.3, 1.0, -0.5), -35.0);
  std::vector<particles::Body> bodies{
      make_body(0, rod, Vec3(-0.35, 0.0, 0.0), about(Vec3::UnitZ(), 90.0) * lying, Vec3(1.0, 0.0, 0.0)),
      make_body(1, rod, Vec3(0.35, 0.3, 0.0), about(Vec3::UnitZ(), 70.0) * lying, Vec3(-1.0, 0.0, 0.0)),
      make_body(2, ellipsoid, Vec3(-1.0, 5.0, 0.0), tilted_a, Vec3(1.0, 0.0, 0.0)),
      make_body(3, ellipsoid, Vec3(1.0, 5.2, 0.0), tilted_b, Vec3(-1.0, 0.0, 0.0)),
      make_body(4, rod, Vec3(0.0, -5.0, 0.0), lying, Vec3(0.0, 0.5, 0.0)),
      make_body(5, ellipsoid, Vec3(0.2, -4.05, 0.0), tilted_b, Vec3(0.0, -1.0, 0.0))};
  return bodies;
}

class MonolayerContacts : public ::testing::TestWithParam<StrategyCase> {};

TEST_P(MonolayerContacts, BodiesPushedTogetherStayExactlyInThePlane) {
  const StrategyCase c = GetParam();
  const auto bodies = planar_scene();
  auto store = make_store(MPI_COMM_WORLD, bodies);
  ContactSettings settings;
  settings.strategy.name = c.strategy;
  settings.strategy.tolerance = kTolerance;
  settings.strategy.multisphere_count = 7;
  ContactDynamics dynamics;
  dynamics.inertial = c.inertial;
  dynamics.monolayer = true;
  ContactResolver resolver(settings, dynamics);
  const testing::Integrator integrator = testing::integrator_for(dynamics);
  // Without the projection a row whose normal leaves the plane would give dU a z part.
  double steepest_normal = 0.0;
  resolver.set_observer([&](const ContactIterationView& view) {
    for (const auto& record : view.matrix.constraints().records()) {
      steepest_normal = std::max(steepest_normal, std::abs(record.normal.z()));
    }
  });

  const double dt = 0.05;
  std::int64_t most_constraints = 0;
  for (int step = 0; step < 30; ++step) {
    for (auto& b : store.owned()) {
      b.force = bodies[static_cast<std::size_t>(b.id)].force;
      b.torque = Vec3::Zero();
    }
    const ContactStepReport report = testing::integrated_step(store, resolver, integrator, dt);
    most_constraints = std::max(most_constraints, report.constraints);
    for (const auto& b : store.owned()) {
      // The resolver's V + dU: planar to the last bit (P M P has exact zeros).
      ASSERT_EQ(b.velocity.z(), 0.0) << "body " << b.id << ", step " << step;
      ASSERT_EQ(b.angular_velocity.x(), 0.0) << "body " << b.id << ", step " << step;
      ASSERT_EQ(b.angular_velocity.y(), 0.0) << "body " << b.id << ", step " << step;
      ASSERT_EQ(b.pose.position.z(), 0.0) << "body " << b.id << ", step " << step;
      if (std::holds_alternative<geometry::Spherocylinder>(b.shape)) {
        const Vec3 axis = b.pose.orientation * Vec3::UnitZ();
        ASSERT_LE(std::abs(axis.z()), 1e-14) << "rod " << b.id << " left the plane";
      }
    }
    if (c.strategy == "relcp") {
      ASSERT_LE(report.max_overlap, kTolerance) << "step " << step;
      ASSERT_GE(testing::smallest_separation(gather_poses(store), testing::shapes_of(bodies)), -kTolerance - 1e-9)
          << "step " << step;
    }
  }
  EXPECT_GE(most_constraints, 3) << "the bodies must have been pushed into contact";
  double steepest_anywhere = steepest_normal;
  MPI_Allreduce(&steepest_normal, &steepest_anywhere, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
  EXPECT_GT(steepest_anywhere, 0.05) << "some contact normal must leave the plane";
  // The ellipsoids turn about z only: their orientations differ from the start by a turn about z.
  for (const auto& b : store.owned()) {
    const Quaternion start = bodies[static_cast<std::size_t>(b.id)].pose.orientation;
    const Quaternion turn = b.pose.orientation * start.conjugate();
    if (std::holds_alternative<geometry::Ellipsoid>(b.shape)) {
      EXPECT_LE(std::hypot(turn.x(), turn.y()), 1e-12) << "body " << b.id;
    }
  }
}

INSTANTIATE_TEST_SUITE_P(AllStrategies, MonolayerContacts, ::testing::ValuesIn(testing::every_strategy_case()),
                         testing::case_name);

}  // namespace
}  // namespace relcp::collision
