#include <gtest/gtest.h>

#include <algorithm>
#include <numbers>
#include <random>
#include <vector>

#include "geometry/shapes/shape_properties.hpp"
#include "geometry/separation/signed_separation.hpp"
#include "support/shape_sampling.hpp"

namespace relcp::geometry {
namespace {

using testing::random_rotation;
using testing::random_unit;
using testing::random_vector;

std::vector<Shape> shapes() {
  return {Sphere{0.6}, Ellipsoid{Vec3(0.5, 1.0, 2.0)}, Spherocylinder{0.4, 2.0}, Torus{1.0, 0.2}};
}

double lowest_height(const std::vector<Vec3>& points, const HalfSpace& wall) {
  double lowest = 1e300;
  for (const Vec3& p : points) lowest = std::min(lowest, (p - wall.point).dot(wall.normal));
  return lowest;
}

TEST(WallSeparation, IsTheHeightOfTheLowestSurfacePoint) {
  std::mt19937_64 rng(51);
  for (const Shape& shape : shapes()) {
    const double size = bounding_radius(shape);
    for (int trial = 0; trial < 30; ++trial) {
      const Pose pose{random_vector(rng, 2.0), random_rotation(rng)};
      const HalfSpace wall{random_vector(rng, 2.0), random_unit(rng)};
      const SignedSeparation s = signed_separation(shape, pose, wall);
      ASSERT_TRUE(s.converged);
      const double sampled = lowest_height(testing::surface_points(shape, pose, 20000), wall);
      EXPECT_LE(s.phi, sampled + 1e-12);
      EXPECT_GE(s.phi, sampled - 0.01 * size);
      EXPECT_LE((s.normal + wall.normal).norm(), 1e-12);
      EXPECT_NEAR((s.point_b - wall.point).dot(wall.normal), 0.0, 1e-12);
      EXPECT_NEAR(testing::surface_residual(shape, pose, s.point_a), 0.0, 1e-10);
      EXPECT_LE((s.point_b - s.point_a - s.phi * s.normal).norm(), 1e-12);
    }
  }
}

TEST(WallSeparation, IsInvariantUnderARigidMotionOfBodyAndWall) {
  std::mt19937_64 rng(52);
  for (const Shape& shape : shapes()) {
    for (int trial = 0; trial < 20; ++trial) {
      const Pose pose{random_vector(rng, 2.0), random_rotation(rng)};
      const HalfSpace wall{random_vector(rng, 2.0), random_unit(rng)};
      const Quaternion turn = random_rotation(rng);
      const Vec3 shift = random_vector(rng, 5.0);
      const SignedSeparation s = signed_separation(shape, pose, wall);
      const SignedSeparation m = signed_separation(shape, Pose{turn * pose.position + shift, turn * pose.orientation},
                                                   HalfSpace{turn * wall.point + shift, turn * wall.normal});
      EXPECT_NEAR(m.phi, s.phi, 1e-10);
      EXPECT_LE((m.point_a - (turn * s.point_a + shift)).norm(), 1e-8);
    }
  }
}

TEST(WallSeparation, FlatLyingSpherocylinderTouchesAtItsMiddle) {
  const Spherocylinder rod{0.3, 4.0};
  const Pose pose{Vec3(1.0, 2.0, 0.5), Quaternion(Eigen::AngleAxisd(0.5 * std::numbers::pi, Vec3::UnitY()))};
  const HalfSpace floor{Vec3::Zero(), Vec3::UnitZ()};
  const SignedSeparation s = signed_separation(rod, pose, floor);
  EXPECT_NEAR(s.phi, 0.2, 1e-15);
  EXPECT_LE((s.point_a - Vec3(1.0, 2.0, 0.2)).norm(), 1e-15);
  EXPECT_LE((s.point_b - Vec3(1.0, 2.0, 0.0)).norm(), 1e-15);
  // Tilted, the lower end touches.
  const Pose tilted{pose.position, Quaternion(Eigen::AngleAxisd(1.5, Vec3::UnitY()))};
  const SignedSeparation t = signed_separation(rod, tilted, floor);
  const Vec3 lower_end = tilted.to_lab(Vec3(0.0, 0.0, -2.0));
  EXPECT_NEAR(t.phi, lower_end.z() - 0.3, 1e-14);
  EXPECT_LE((t.point_a - (lower_end - 0.3 * Vec3::UnitZ())).norm(), 1e-14);
}

}  // namespace
}  // namespace relcp::geometry
