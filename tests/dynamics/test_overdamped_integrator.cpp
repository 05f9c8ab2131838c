#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "dynamics/overdamped_integrator.hpp"
#include "geometry/shapes/shape_properties.hpp"

namespace relcp::dynamics {
namespace {

particles::Body rod_at(const Vec3& position, const Quaternion& orientation) {
  particles::Body body;
  body.id = 1;
  body.shape = geometry::Spherocylinder{0.25, 1.5};  // drag length 2
  body.pose.position = position;
  body.pose.orientation = orientation;
  return body;
}

TEST(OverdampedIntegrator, ConstantForceMovesAtTheMobilityVelocity) {
  const OverdampedIntegrator integrator(LocalDragMobility(0.5));
  std::vector<particles::Body> bodies{rod_at(Vec3(1, 2, 3), Quaternion::Identity())};
  const Vec3 force(0.2, -0.4, 1.0);
  const double dt = 0.01;
  for (int step = 0; step < 100; ++step) {
    bodies[0].force = force;
    integrator.step(bodies, dt);
  }
  const Vec3 velocity = force / (0.5 * 2.0);
  EXPECT_LT((bodies[0].velocity - velocity).norm(), 1e-15);
  EXPECT_LT((bodies[0].pose.position - (Vec3(1, 2, 3) + 100 * dt * velocity)).norm(), 1e-12);
  EXPECT_TRUE(bodies[0].pose.orientation.isApprox(Quaternion::Identity(), 1e-15));
}

TEST(OverdampedIntegrator, ConstantTorqueRotatesExactlyEvenWithLargeSteps) {
  const OverdampedIntegrator integrator(LocalDragMobility(1.0));
  const Quaternion start(Eigen::AngleAxisd(0.4, Vec3(1, 1, 0).normalized()));
  std::vector<particles::Body> bodies{rod_at(Vec3::Zero(), start)};
  const Vec3 torque = Vec3(0.0, 2.0, 1.0);
  const double dt = 0.5;  // omega dt = 12 |T| / 8 * 0.5 ~ 1.7 rad per step
  for (int step = 0; step < 7; ++step) {
    bodies[0].force.setZero();
    bodies[0].torque = torque;
    integrator.step(bodies, dt);
  }
  const double angle = 7 * dt * 12.0 * torque.norm() / 8.0;
  const Quaternion expected = Quaternion(Eigen::AngleAxisd(angle, torque.normalized())) * start;
  EXPECT_LT(bodies[0].pose.orientation.angularDistance(expected), 1e-12);
  EXPECT_NEAR(bodies[0].pose.orientation.norm(), 1.0, 1e-15);
  EXPECT_EQ(bodies[0].pose.position, Vec3::Zero());
}

TEST(OverdampedIntegrator, StepUsesTheForceAtTheStartOfTheStep) {
  // Left-sided: the velocity of step k comes from F(C^k), whatever happens afterwards.
  const OverdampedIntegrator integrator(LocalDragMobility(1.0));
  std::vector<particles::Body> bodies{rod_at(Vec3::Zero(), Quaternion::Identity())};
  bodies[0].force = Vec3(2, 0, 0);
  integrator.compute_velocities(bodies);
  bodies[0].force = Vec3(-50, 0, 0);
  integrator.advance(bodies, 0.1);
  EXPECT_DOUBLE_EQ(bodies[0].pose.position.x(), 0.1 * 2.0 / 2.0);
}

TEST(OverdampedIntegrator, MonolayerKeepsMotionInThePlane) {
  const OverdampedIntegrator integrator(LocalDragMobility(1.0), true);
  const Quaternion in_plane(Eigen::AngleAxisd(std::numbers::pi / 2, Vec3::UnitY()));  // axis along x
  std::vector<particles::Body> bodies{rod_at(Vec3(1, 1, 0), in_plane)};
  for (int step = 0; step < 20; ++step) {
    bodies[0].force = Vec3(0.3, 0.1, 5.0);
    bodies[0].torque = Vec3(2.0, -1.0, 0.7);
    integrator.step(bodies, 0.05);
    EXPECT_EQ(bodies[0].pose.position.z(), 0.0);
    EXPECT_NEAR((bodies[0].pose.orientation * Vec3::UnitZ()).z(), 0.0, 1e-15);
  }
  EXPECT_EQ(bodies[0].angular_velocity.x(), 0.0);
  EXPECT_EQ(bodies[0].angular_velocity.y(), 0.0);
  // The in-plane rotation is exactly the projected torque's.
  const double angle = 20 * 0.05 * 12.0 * 0.7 / 8.0;
  const Vec3 axis = bodies[0].pose.orientation * Vec3::UnitZ();
  EXPECT_NEAR(std::atan2(axis.y(), axis.x()), angle, 1e-12);
}

}  // namespace
}  // namespace relcp::dynamics
