#pragma once
// Shared helpers of the torus tests: random poses, brute-force distances by dense sampling, and
// the checks every signed separation must pass.

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <numbers>
#include <random>

#include "core/types.hpp"
#include "geometry/distance/circle.hpp"
#include "geometry/shapes/pose.hpp"
#include "geometry/separation/signed_separation.hpp"

namespace relcp::geometry::test {

inline Quaternion random_orientation(std::mt19937& random) {
  std::normal_distribution<double> normal(0.0, 1.0);
  Quaternion q(normal(random), normal(random), normal(random), normal(random));
  q.normalize();
  return q;
}

inline Pose random_pose(std::mt19937& random, double spread) {
  std::uniform_real_distribution<double> uniform(-spread, spread);
  return Pose{Vec3(uniform(random), uniform(random), uniform(random)), random_orientation(random)};
}

// Minimum of |a(s) - b(t)| over samples x samples angle pairs (an upper bound on the true
// minimum, within O((2 pi / samples)^2) of it).
inline double sampled_circle_circle_distance(const Circle& a, const Circle& b, int samples) {
  std::vector<Vec3> points_b;
  for (int j = 0; j < samples; ++j) points_b.push_back(b.point(2.0 * std::numbers::pi * j / samples));
  double best = std::numeric_limits<double>::infinity();
  for (int i = 0; i < samples; ++i) {
    const Vec3 point_a = a.point(2.0 * std::numbers::pi * i / samples);
    for (const Vec3& point_b : points_b) best = std::min(best, (point_a - point_b).squaredNorm());
  }
  return std::sqrt(best);
}

// point_b - point_a = phi * normal with a unit normal.
inline void expect_consistent(const SignedSeparation& s, double tolerance = 1e-12) {
  EXPECT_NEAR(s.normal.norm(), 1.0, 1e-14);
  EXPECT_LT((s.point_b - s.point_a - s.phi * s.normal).norm(), tolerance);
}

// point lies on the torus surface and its outward normal there is `outward`.
inline void expect_on_torus_surface(const Circle& centreline, double minor_radius, const Vec3& point,
                                    const Vec3& outward, double tolerance) {
  const Vec3 offset = point - centreline.centre;
  const double height = offset.dot(centreline.axis);
  const Vec3 planar = offset - height * centreline.axis;
  const Vec3 nearest_centre = centreline.centre + centreline.radius * planar.normalized();
  EXPECT_NEAR((point - nearest_centre).norm(), minor_radius, tolerance);
  EXPECT_LT((point - nearest_centre - minor_radius * outward).norm(), tolerance);
}

}  // namespace relcp::geometry::test
