// Closest point on an ellipsoid: optimality conditions, global optimality against surface
// sampling, and the degenerate queries on principal planes and axes.

#include <gtest/gtest.h>

#include <cmath>
#include <numbers>
#include <random>

#include "geometry/distance/point_ellipsoid_distance.hpp"

namespace relcp::geometry {
namespace {

double level(const Vec3& radii, const Vec3& point) { return point.cwiseQuotient(radii).squaredNorm(); }

// Smallest distance from query to a dense latitude-longitude sampling of the surface.
double sampled_surface_distance(const Vec3& radii, const Vec3& query) {
  constexpr int kLatitudes = 300;
  constexpr int kLongitudes = 600;
  double best = std::numeric_limits<double>::infinity();
  for (int i = 0; i <= kLatitudes; ++i) {
    const double polar = std::numbers::pi * i / kLatitudes;
    for (int j = 0; j < kLongitudes; ++j) {
      const double azimuth = 2.0 * std::numbers::pi * j / kLongitudes;
      const Vec3 unit(std::sin(polar) * std::cos(azimuth), std::sin(polar) * std::sin(azimuth), std::cos(polar));
      best = std::min(best, (radii.cwiseProduct(unit) - query).squaredNorm());
    }
  }
  return std::sqrt(best);
}

// On the surface, query - point along the normal, sign by the inside test.
void expect_optimal(const Vec3& radii, const Vec3& query, const EllipsoidClosestPoint& closest) {
  EXPECT_NEAR(level(radii, closest.point), 1.0, 1e-13);
  const Vec3 normal = ellipsoid_normal(radii, closest.point);
  EXPECT_LT((query - closest.point - closest.signed_distance * normal).norm(), 1e-11 * radii.maxCoeff());
  EXPECT_EQ(closest.signed_distance < 0.0, level(radii, query) < 1.0);
}

TEST(PointEllipsoidDistance, RandomQueriesAreGloballyNearest) {
  std::mt19937 random(11);
  std::uniform_real_distribution<double> axis(0.3, 2.0);
  std::uniform_real_distribution<double> coordinate(-2.5, 2.5);
  for (int trial = 0; trial < 30; ++trial) {
    const Vec3 radii(axis(random), axis(random), axis(random));
    const Vec3 query(coordinate(random), coordinate(random), coordinate(random));
    const EllipsoidClosestPoint closest = closest_point_on_ellipsoid(radii, query);
    SCOPED_TRACE(trial);
    expect_optimal(radii, query, closest);
    const double sampled = sampled_surface_distance(radii, query);
    EXPECT_LE(std::abs(closest.signed_distance), sampled + 1e-12);
    EXPECT_NEAR(std::abs(closest.signed_distance), sampled, 2e-4);
  }
}

TEST(PointEllipsoidDistance, QueriesOnPrincipalPlanesAndAxes) {
  const Vec3 radii(2.0, 1.2, 0.7);
  std::mt19937 random(3);
  std::uniform_real_distribution<double> coordinate(-2.5, 2.5);
  for (int trial = 0; trial < 60; ++trial) {
    Vec3 query(coordinate(random), coordinate(random), coordinate(random));
    for (int axis = 0; axis < 3; ++axis) {
      if ((trial >> axis) % 2 == 1) query[axis] = 0.0;  // all combinations of zeroed coordinates
    }
    const EllipsoidClosestPoint closest = closest_point_on_ellipsoid(radii, query);
    SCOPED_TRACE(trial);
    expect_optimal(radii, query, closest);
    EXPECT_LE(std::abs(closest.signed_distance), sampled_surface_distance(radii, query) + 1e-12);
  }
}

TEST(PointEllipsoidDistance, CentreIsTheMinorSemiAxisDeep) {
  const Vec3 radii(1.0, 2.0, 0.5);
  const EllipsoidClosestPoint closest = closest_point_on_ellipsoid(radii, Vec3::Zero());
  EXPECT_DOUBLE_EQ(closest.signed_distance, -0.5);
  EXPECT_NEAR(std::abs(closest.point.z()), 0.5, 1e-15);
}

TEST(PointEllipsoidDistance, SphereMatchesClosedForm) {
  std::mt19937 random(5);
  std::uniform_real_distribution<double> coordinate(-3.0, 3.0);
  for (int trial = 0; trial < 20; ++trial) {
    const Vec3 query(coordinate(random), coordinate(random), coordinate(random));
    const EllipsoidClosestPoint closest = closest_point_on_ellipsoid(Vec3::Constant(1.5), query);
    EXPECT_NEAR(closest.signed_distance, query.norm() - 1.5, 1e-14);
  }
}

TEST(PointEllipsoidDistance, NearTheSurfaceKeepsRelativeAccuracy) {
  const Vec3 radii(3.0, 1.0, 0.2);
  const Vec3 surface_point = radii.cwiseProduct(Vec3(1.0, 2.0, 2.0).normalized());
  const Vec3 normal = ellipsoid_normal(radii, surface_point);
  for (const double offset : {1e-3, 1e-8, -1e-8, -1e-3}) {
    const EllipsoidClosestPoint closest = closest_point_on_ellipsoid(radii, surface_point + offset * normal);
    EXPECT_NEAR(closest.signed_distance, offset, 1e-15 + 1e-12 * std::abs(offset));
    EXPECT_LT((closest.point - surface_point).norm(), 1e-14);
  }
}

}  // namespace
}  // namespace relcp::geometry
