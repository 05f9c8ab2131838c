// Torus against sphere, ellipsoid and spherocylinder, against closed forms and brute-force
// sampling of the centreline; torus against a wall.

#include <gtest/gtest.h>

#include <cmath>
#include <numbers>
#include <random>

#include "geometry/distance/circle.hpp"
#include "geometry/distance/circle_distance.hpp"
#include "geometry/distance/point_convex_projection.hpp"
#include "geometry/separation/torus_local_minima.hpp"
#include "geometry/separation/torus_separation.hpp"
#include "torus_test_support.hpp"

namespace relcp::geometry {
namespace {

using test::expect_consistent;
using test::expect_on_torus_surface;

// Signed distance of a lab point to the surface of a spherocylinder, in closed form.
double rod_signed_distance(const Spherocylinder& rod, const Pose& pose, const Vec3& lab_point) {
  const Vec3 local = pose.to_body(lab_point);
  const double half = 0.5 * rod.length;
  const Vec3 axis_point(0.0, 0.0, std::clamp(local.z(), -half, half));
  return (local - axis_point).norm() - rod.radius;
}

// Minimum over a fine sampling of the centreline, then golden-section refinement: the deepest
// signed distance of the centreline to B minus the minor radius.
template <typename SignedDistance>
double brute_force_phi(const Circle& centreline, double minor_radius, SignedDistance distance) {
  constexpr int kSamples = 4096;
  const double step = 2.0 * std::numbers::pi / kSamples;
  int best = 0;
  double best_value = std::numeric_limits<double>::infinity();
  for (int k = 0; k < kSamples; ++k) {
    const double value = distance(centreline.point(k * step));
    if (value < best_value) {
      best_value = value;
      best = k;
    }
  }
  double lo = (best - 1) * step, hi = (best + 1) * step;
  const double golden = 0.5 * (std::sqrt(5.0) - 1.0);
  while (hi - lo > 1e-12) {
    const double x1 = hi - golden * (hi - lo), x2 = lo + golden * (hi - lo);
    if (distance(centreline.point(x1)) < distance(centreline.point(x2))) {
      hi = x2;
    } else {
      lo = x1;
    }
  }
  return std::min(best_value, distance(centreline.point(0.5 * (lo + hi)))) - minor_radius;
}

// The centreline point of the contact and whether the contact is a kink: a minimum where the
// centreline crosses B's medial surface, so that the normal is not perpendicular to it.
bool is_kink_contact(const Torus& torus, const Pose& pose, const SignedSeparation& s) {
  const Circle centreline = torus_centreline(torus, pose);
  const Vec3 centre_point = s.point_a - torus.minor_radius * s.normal;
  const double angle = closest_angle_on_circle(centreline, centre_point);
  return std::abs(s.normal.dot(centreline.tangent(angle).normalized())) > 1e-6;
}

void expect_valid_contact(const Torus& torus, const Pose& pose, const Shape& convex, const Pose& convex_pose,
                          const SignedSeparation& s) {
  expect_consistent(s);
  const Circle centreline = torus_centreline(torus, pose);
  if (is_kink_contact(torus, pose, s)) {
    // Documented degenerate case: point_a is the deepest point of the tube's cross-section ball.
    const Vec3 centre_point = s.point_a - torus.minor_radius * s.normal;
    EXPECT_LT((centre_point - centreline.point(closest_angle_on_circle(centreline, centre_point))).norm(), 1e-12);
  } else {
    expect_on_torus_surface(centreline, torus.minor_radius, s.point_a, s.normal, 1e-10);
  }
  const SurfaceProjection on_b = project_onto_convex_surface(convex, convex_pose, s.point_b);
  EXPECT_NEAR(on_b.signed_distance, 0.0, 1e-10);
  EXPECT_LT((on_b.outward_normal + s.normal).norm(), 1e-8);
}

TEST(TorusConvexSeparation, SphereMatchesClosedForm) {
  std::mt19937 random(1);
  const Torus torus{1.0, 0.1};
  const Sphere sphere{0.4};
  for (int trial = 0; trial < 30; ++trial) {
    const Pose pose = test::random_pose(random, 0.5);
    const Pose sphere_pose = test::random_pose(random, 1.5);
    const Circle centreline = torus_centreline(torus, pose);
    // Distance from the sphere's centre to the centreline circle.
    const Vec3 offset = sphere_pose.position - centreline.centre;
    const double height = offset.dot(centreline.axis);
    const double planar = (offset - height * centreline.axis).norm();
    const double expected = std::hypot(height, planar - centreline.radius) - 0.4 - 0.1;
    const SignedSeparation s = torus_convex_separation(torus, pose, sphere, sphere_pose, {});
    SCOPED_TRACE(trial);
    EXPECT_TRUE(s.converged);
    EXPECT_NEAR(s.phi, expected, 1e-12);
    expect_valid_contact(torus, pose, sphere, sphere_pose, s);
  }
}

TEST(TorusConvexSeparation, SpherocylinderMatchesBruteForce) {
  std::mt19937 random(2);
  const Torus torus{1.0, 0.15};
  const Spherocylinder rod{0.25, 2.0};
  for (int trial = 0; trial < 30; ++trial) {
    const Pose pose = test::random_pose(random, 0.5);
    const Pose rod_pose = test::random_pose(random, 1.5);
    const double expected = brute_force_phi(torus_centreline(torus, pose), torus.minor_radius,
                                            [&](const Vec3& p) { return rod_signed_distance(rod, rod_pose, p); });
    const SignedSeparation s = torus_convex_separation(torus, pose, rod, rod_pose, {});
    SCOPED_TRACE(trial);
    EXPECT_TRUE(s.converged);
    EXPECT_LE(s.phi, expected + 1e-12);
    EXPECT_NEAR(s.phi, expected, 1e-10);
    expect_consistent(s);
  }
}

TEST(TorusConvexSeparation, EllipsoidMatchesBruteForce) {
  std::mt19937 random(3);
  const Torus torus{1.2, 0.1};
  const Ellipsoid ellipsoid{Vec3(1.0, 0.5, 0.3)};
  for (int trial = 0; trial < 30; ++trial) {
    const Pose pose = test::random_pose(random, 0.5);
    const Pose ellipsoid_pose = test::random_pose(random, 1.5);
    const double expected = brute_force_phi(torus_centreline(torus, pose), torus.minor_radius, [&](const Vec3& p) {
      return project_onto_convex_surface(ellipsoid, ellipsoid_pose, p).signed_distance;
    });
    const SignedSeparation s = torus_convex_separation(torus, pose, ellipsoid, ellipsoid_pose, {});
    SCOPED_TRACE(trial);
    EXPECT_TRUE(s.converged);
    EXPECT_LE(s.phi, expected + 1e-12);
    EXPECT_NEAR(s.phi, expected, 1e-10);
    expect_valid_contact(torus, pose, ellipsoid, ellipsoid_pose, s);
  }
}

TEST(TorusConvexSeparation, RoundEllipsoidAgreesWithSphere) {
  std::mt19937 random(4);
  const Torus torus{1.0, 0.1};
  for (int trial = 0; trial < 10; ++trial) {
    const Pose pose = test::random_pose(random, 0.5);
    const Pose other = test::random_pose(random, 1.2);
    const SignedSeparation as_sphere = torus_convex_separation(torus, pose, Sphere{0.6}, other, {});
    const SignedSeparation as_ellipsoid =
        torus_convex_separation(torus, pose, Ellipsoid{Vec3::Constant(0.6)}, other, {});
    EXPECT_NEAR(as_sphere.phi, as_ellipsoid.phi, 1e-12);
    EXPECT_LT((as_sphere.point_b - as_ellipsoid.point_b).norm(), 1e-8);
  }
}

TEST(TorusConvexSeparation, RodThreadedAlongTheAxisIsEquallyFarEverywhere) {
  const Torus torus{1.0, 0.1};
  const SignedSeparation s = torus_convex_separation(torus, Pose{}, Spherocylinder{0.3, 4.0}, Pose{}, {});
  EXPECT_TRUE(s.converged);
  EXPECT_NEAR(s.phi, 1.0 - 0.3 - 0.1, 1e-12);
  expect_valid_contact(torus, Pose{}, Spherocylinder{0.3, 4.0}, Pose{}, s);
}

TEST(TorusConvexSeparation, BallInTheHoleTouchesTheNearSide) {
  // A ball a little too big for the hole, shifted along +x: the far side is a maximum of the
  // centreline's distance, so only the near side is a contact.
  const Torus torus{1.0, 0.1};
  const Pose ball_pose{Vec3(0.05, 0.0, 0.0), Quaternion::Identity()};
  const auto minima = torus_convex_local_minima(torus, Pose{}, Sphere{0.92}, ball_pose, 1.0);
  ASSERT_EQ(minima.size(), 1u);
  EXPECT_NEAR(minima[0].phi, 0.95 - 0.92 - 0.1, 1e-12);
  EXPECT_LT((minima[0].normal - Vec3(-1.0, 0.0, 0.0)).norm(), 1e-12);  // into the hole
}

TEST(TorusConvexSeparation, RodAcrossTheRingTouchesItTwice) {
  // A long rod along y, 0.5 above the ring's plane: nearest to the centreline at y = +-1.
  const Torus torus{1.0, 0.1};
  const Spherocylinder rod{0.2, 4.0};
  const Pose rod_pose{Vec3(0.0, 0.0, 0.5), Quaternion(Eigen::AngleAxisd(std::numbers::pi / 2, Vec3::UnitX()))};
  const auto minima = torus_convex_local_minima(torus, Pose{}, rod, rod_pose, 0.3);
  ASSERT_EQ(minima.size(), 2u);
  for (const SignedSeparation& s : minima) {
    EXPECT_TRUE(s.converged);
    EXPECT_NEAR(s.phi, 0.5 - 0.2 - 0.1, 1e-12);
    EXPECT_NEAR(std::abs(s.point_a.y()), 1.0, 1e-12);
    EXPECT_LT((s.normal - Vec3::UnitZ()).norm(), 1e-12);
    expect_valid_contact(torus, Pose{}, rod, rod_pose, s);
  }
  EXPECT_LT(minima[0].point_a.y() * minima[1].point_a.y(), 0.0);
}

TEST(TorusConvexSeparation, CentrelineThroughTheSphereCentreIsAKink) {
  // The centreline point's distance to the sphere has a V-shaped minimum at the centre: the
  // contact is the deepest point of the tube's cross-section ball, pushed out along the side the
  // search settled on.
  const Torus torus{1.0, 0.1};
  const Pose sphere_pose{Vec3(0.0, 1.0, 0.0), Quaternion::Identity()};
  const SignedSeparation s = torus_convex_separation(torus, Pose{}, Sphere{0.3}, sphere_pose, {});
  EXPECT_TRUE(s.converged);
  EXPECT_NEAR(s.phi, -0.4, 1e-12);
  EXPECT_TRUE(is_kink_contact(torus, Pose{}, s));
  expect_valid_contact(torus, Pose{}, Sphere{0.3}, sphere_pose, s);
}

TEST(TorusConvexSeparation, RejectsATorusAsTheConvexBody) {
  EXPECT_THROW(torus_convex_separation(Torus{}, Pose{}, Torus{}, Pose{}, {}), std::invalid_argument);
}

TEST(TorusWallSeparation, TiltedTorusMatchesBruteForce) {
  std::mt19937 random(6);
  const Torus torus{1.0, 0.2};
  const HalfSpace wall{Vec3(0.0, 0.0, -0.5), Vec3(0.3, -0.2, 1.0).normalized()};
  for (int trial = 0; trial < 20; ++trial) {
    const Pose pose = test::random_pose(random, 1.0);
    const double expected = brute_force_phi(torus_centreline(torus, pose), torus.minor_radius,
                                            [&](const Vec3& p) { return (p - wall.point).dot(wall.normal); });
    const SignedSeparation s = torus_wall_separation(torus, pose, wall, {});
    SCOPED_TRACE(trial);
    EXPECT_TRUE(s.converged);
    EXPECT_NEAR(s.phi, expected, 1e-12);
    expect_consistent(s);
    EXPECT_LT((s.normal + wall.normal).norm(), 1e-15);
    EXPECT_NEAR((s.point_b - wall.point).dot(wall.normal), 0.0, 1e-12);
    expect_on_torus_surface(torus_centreline(torus, pose), torus.minor_radius, s.point_a, s.normal, 1e-12);
  }
}

TEST(TorusWallSeparation, FlatTorusRestsOnItsWholeUnderside) {
  const Torus torus{1.0, 0.2};
  const Pose pose{Vec3(0.0, 0.0, 0.15), Quaternion::Identity()};
  const SignedSeparation s = torus_wall_separation(torus, pose, HalfSpace{}, {});
  EXPECT_NEAR(s.phi, -0.05, 1e-15);
  EXPECT_NEAR(s.point_a.z(), -0.05, 1e-15);
  EXPECT_NEAR(std::hypot(s.point_a.x(), s.point_a.y()), 1.0, 1e-15);
}

}  // namespace
}  // namespace relcp::geometry
