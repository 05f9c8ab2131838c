#include <gtest/gtest.h>

#include "dynamics/planar_motion.hpp"

namespace relcp::dynamics {
namespace {

TEST(PlanarMotion, VelocitiesKeepInPlaneTranslationAndRotationAboutZ) {
  std::vector<particles::Body> bodies(1);
  bodies[0].velocity = Vec3(1, 2, 3);
  bodies[0].angular_velocity = Vec3(4, 5, 6);
  project_velocities_to_plane(bodies);
  EXPECT_EQ(bodies[0].velocity, Vec3(1, 2, 0));
  EXPECT_EQ(bodies[0].angular_velocity, Vec3(0, 0, 6));
}

TEST(PlanarMotion, ConfigurationPutsCentresAndRodAxesIntoThePlane) {
  std::vector<particles::Body> bodies(2);
  const Quaternion tilted(Eigen::AngleAxisd(0.3, Vec3(1, 1, 0).normalized()) * Eigen::AngleAxisd(1.2, Vec3::UnitY()));
  bodies[0].shape = geometry::Spherocylinder{0.25, 1.0};
  bodies[0].pose.position = Vec3(1, 2, 0.1);
  bodies[0].pose.orientation = tilted;
  bodies[1].shape = geometry::Sphere{0.5};
  bodies[1].pose.position = Vec3(1, 2, -0.1);
  bodies[1].pose.orientation = tilted;
  const Vec3 axis_before = tilted * Vec3::UnitZ();
  project_configuration_to_plane(bodies);
  const Vec3 axis_after = bodies[0].pose.orientation * Vec3::UnitZ();
  EXPECT_EQ(bodies[0].pose.position, Vec3(1, 2, 0));
  EXPECT_NEAR(axis_after.z(), 0.0, 1e-15);
  EXPECT_LT((axis_after - Vec3(axis_before.x(), axis_before.y(), 0).normalized()).norm(), 1e-14);
  EXPECT_EQ(bodies[1].pose.position.z(), 0.0);
  EXPECT_TRUE(bodies[1].pose.orientation.isApprox(tilted));  // not a rod: orientation kept
}

}  // namespace
}  // namespace relcp::dynamics
