// Multisphere decompositions: every sub-sphere inside the true body, the ellipsoid's centre and
// end spheres, the table of radii in docs/geometry.md, counts, and the lab-frame helper.

#include <gtest/gtest.h>

#include <cmath>
#include <numbers>
#include <random>

#include "geometry/multisphere/multisphere.hpp"

namespace relcp::geometry {
namespace {

// Points spread over the unit sphere (Fibonacci lattice).
std::vector<Vec3> unit_sphere_points(int count) {
  std::vector<Vec3> points;
  const double golden_angle = std::numbers::pi * (3.0 - std::sqrt(5.0));
  for (int k = 0; k < count; ++k) {
    const double z = 1.0 - 2.0 * (k + 0.5) / count;
    const double ring = std::sqrt(1.0 - z * z);
    points.emplace_back(ring * std::cos(golden_angle * k), ring * std::sin(golden_angle * k), z);
  }
  return points;
}

// How far a body-frame point lies outside the body (<= 0 inside), in the body's length units.
double outside_by(const Ellipsoid& e, const Vec3& p) { return p.cwiseQuotient(e.radii).norm() - 1.0; }
double outside_by(const Spherocylinder& rod, const Vec3& p) {
  const double half = 0.5 * rod.length;
  return (p - Vec3(0.0, 0.0, std::clamp(p.z(), -half, half))).norm() - rod.radius;
}
double outside_by(const Torus& torus, const Vec3& p) {
  return std::hypot(std::hypot(p.x(), p.y()) - torus.major_radius, p.z()) - torus.minor_radius;
}

template <typename Body>
void expect_contained(const Body& body, int count) {
  const auto spheres = multisphere_decomposition(body, count);
  ASSERT_EQ(spheres.size(), static_cast<std::size_t>(count));
  double worst = -std::numeric_limits<double>::infinity();
  for (const SubSphere& sphere : spheres) {
    for (const Vec3& direction : unit_sphere_points(400)) {
      worst = std::max(worst, outside_by(body, sphere.centre + sphere.radius * direction));
    }
  }
  EXPECT_LE(worst, 1e-12) << count << " spheres";
}

TEST(Multisphere, EllipsoidSpheresAreInsideTheEllipsoid) {
  for (const Vec3& radii : {Vec3(1.0, 1.0, 2.0), Vec3(2.0, 0.7, 1.1), Vec3(0.5, 3.0, 0.5)}) {
    for (const int count : {1, 3, 7, 13, 27}) expect_contained(Ellipsoid{radii}, count);
  }
}

TEST(Multisphere, SpherocylinderAndTorusSpheresAreInside) {
  for (const int count : {1, 2, 5, 17}) expect_contained(Spherocylinder{0.25, 2.0}, count);
  for (const int count : {1, 3, 32}) expect_contained(Torus{1.0, 0.1}, count);
}

TEST(Multisphere, EllipsoidCentreSphereHasTheMinorSemiAxisAndEndSpheresOsculateTheTips) {
  const Ellipsoid ellipsoid{Vec3(0.8, 2.5, 1.1)};  // major axis along body y, minor 0.8
  const auto spheres = multisphere_decomposition(ellipsoid, 9);
  EXPECT_LT(spheres[4].centre.norm(), 1e-15);
  EXPECT_NEAR(spheres[4].radius, 0.8, 1e-15);
  for (const SubSphere& end : {spheres.front(), spheres.back()}) {
    EXPECT_NEAR(end.centre.x(), 0.0, 1e-15);
    EXPECT_NEAR(end.centre.z(), 0.0, 1e-15);
    // Touches the tip, with the tip's smallest radius of curvature c^2 / a.
    EXPECT_NEAR(std::abs(end.centre.y()) + end.radius, 2.5, 1e-14);
    EXPECT_NEAR(end.radius, 0.8 * 0.8 / 2.5, 1e-14);
  }
  for (std::size_t k = 1; k < spheres.size(); ++k) {  // equally spaced along the major axis
    EXPECT_NEAR(spheres[k].centre.y() - spheres[k - 1].centre.y(), 2.0 * (2.5 - 0.8 * 0.8 / 2.5) / 8, 1e-14);
  }
}

TEST(Multisphere, ProlateSpheroidMatchesTheDigestTable) {
  // docs/geometry.md, "Multisphere decompositions", a = 2, b = 1, N = 7: centres 0, 0.5, 1.0, 1.5.
  const auto spheres = multisphere_decomposition(Ellipsoid{Vec3(1.0, 1.0, 2.0)}, 7);
  const double expected_centres[] = {0.0, 0.5, 1.0, 1.5};
  const double expected_radii[] = {1.0, 0.9574, 0.8165, 0.5};
  for (int k = 0; k < 4; ++k) {
    EXPECT_NEAR(spheres[static_cast<std::size_t>(3 + k)].centre.z(), expected_centres[k], 1e-14);
    EXPECT_NEAR(spheres[static_cast<std::size_t>(3 + k)].radius, expected_radii[k], 5e-5);
    EXPECT_NEAR(spheres[static_cast<std::size_t>(3 - k)].radius, expected_radii[k], 5e-5);
  }
}

TEST(Multisphere, InscribedRadiusIsTheDistanceToTheSurface) {
  // Each sphere touches the surface: a slightly larger one would poke out.
  const Ellipsoid ellipsoid{Vec3(1.3, 0.6, 2.0)};
  for (const SubSphere& sphere : multisphere_decomposition(ellipsoid, 11)) {
    double worst = -1.0;
    for (const Vec3& direction : unit_sphere_points(4000)) {
      worst = std::max(worst, outside_by(ellipsoid, sphere.centre + (sphere.radius * 1.001) * direction));
    }
    EXPECT_GT(worst, 0.0);
  }
}

TEST(Multisphere, SpherocylinderEndSpheresAreTheCaps) {
  const auto spheres = multisphere_decomposition(Spherocylinder{0.25, 3.0}, 5);
  EXPECT_NEAR(spheres.front().centre.z(), -1.5, 1e-15);
  EXPECT_NEAR(spheres.back().centre.z(), 1.5, 1e-15);
  EXPECT_NEAR(spheres[2].centre.z(), 0.0, 1e-15);
  for (const SubSphere& sphere : spheres) EXPECT_EQ(sphere.radius, 0.25);
}

TEST(Multisphere, TorusSpheresSitOnTheCentrelineEquallySpaced) {
  const auto spheres = multisphere_decomposition(Torus{1.0, 0.1}, 32);
  for (std::size_t k = 0; k < spheres.size(); ++k) {
    const SubSphere& sphere = spheres[k];
    const SubSphere& next = spheres[(k + 1) % spheres.size()];
    EXPECT_NEAR(sphere.centre.head<2>().norm(), 1.0, 1e-15);
    EXPECT_EQ(sphere.centre.z(), 0.0);
    EXPECT_EQ(sphere.radius, 0.1);
    // 32 per ring (Palmer et al. 2025, Sec. 4.4): neighbours 2 R sin(pi / 32) = 0.19603 apart,
    // slightly overlapping.
    EXPECT_NEAR((next.centre - sphere.centre).norm(), 0.19603, 1e-5);
  }
}

TEST(Multisphere, RejectsInvalidCounts) {
  EXPECT_TRUE(multisphere_count_problem(Ellipsoid{}, 4).has_value());
  EXPECT_TRUE(multisphere_count_problem(Ellipsoid{}, -1).has_value());
  EXPECT_TRUE(multisphere_count_problem(Spherocylinder{}, 0).has_value());
  EXPECT_TRUE(multisphere_count_problem(Torus{}, 0).has_value());
  EXPECT_TRUE(multisphere_count_problem(Sphere{}, 2).has_value());
  EXPECT_FALSE(multisphere_count_problem(Sphere{}, 1).has_value());
  EXPECT_FALSE(multisphere_count_problem(Spherocylinder{}, 4).has_value());
  EXPECT_THROW(multisphere_decomposition(Ellipsoid{}, 6), std::invalid_argument);
}

TEST(Multisphere, LabFrameSpheresFollowThePose) {
  std::mt19937 random(9);
  std::normal_distribution<double> normal(0.0, 1.0);
  const Pose pose{Vec3(1.0, -2.0, 0.5),
                  Quaternion(normal(random), normal(random), normal(random), normal(random)).normalized()};
  const auto body = multisphere_decomposition(Spherocylinder{0.3, 2.0}, 3);
  const auto lab = to_lab(body, pose);
  ASSERT_EQ(lab.size(), body.size());
  const Vec3 axis = pose.orientation * Vec3::UnitZ();
  EXPECT_LT((lab[0].centre - (pose.position - axis)).norm(), 1e-14);
  EXPECT_LT((lab[2].centre - (pose.position + axis)).norm(), 1e-14);
  EXPECT_EQ(lab[1].radius, 0.3);
}

}  // namespace
}  // namespace relcp::geometry
