// Torus-torus signed separation against dense sampling of both centrelines, and on
// configurations with known answers: interlocked, coplanar, nested, coaxial rings.

#include <gtest/gtest.h>

#include <cmath>
#include <numbers>
#include <random>

#include "geometry/distance/circle.hpp"
#include "geometry/separation/torus_local_minima.hpp"
#include "geometry/separation/torus_separation.hpp"
#include "torus_test_support.hpp"

namespace relcp::geometry {
namespace {

using test::expect_consistent;
using test::expect_on_torus_surface;

// Dense grid, then a compass search on both angles from the best grid point: an independent
// estimate of the global minimum of the centreline distance.
double brute_force_centreline_distance(const Circle& a, const Circle& b) {
  constexpr int kSamples = 400;
  const double step = 2.0 * std::numbers::pi / kSamples;
  double best = std::numeric_limits<double>::infinity();
  double best_s = 0.0, best_t = 0.0;
  for (int i = 0; i < kSamples; ++i) {
    for (int j = 0; j < kSamples; ++j) {
      const double d = (a.point(i * step) - b.point(j * step)).norm();
      if (d < best) {
        best = d;
        best_s = i * step;
        best_t = j * step;
      }
    }
  }
  for (double h = step; h > 1e-13;) {
    bool moved = false;
    for (const auto& [ds, dt] : {std::pair{h, 0.0}, {-h, 0.0}, {0.0, h}, {0.0, -h}}) {
      const double d = (a.point(best_s + ds) - b.point(best_t + dt)).norm();
      if (d < best) {
        best = d;
        best_s += ds;
        best_t += dt;
        moved = true;
      }
    }
    if (!moved) h *= 0.5;
  }
  return best;
}

void expect_valid_torus_contact(const Torus& a, const Pose& pose_a, const Torus& b, const Pose& pose_b,
                                const SignedSeparation& s) {
  expect_consistent(s);
  expect_on_torus_surface(torus_centreline(a, pose_a), a.minor_radius, s.point_a, s.normal, 1e-10);
  expect_on_torus_surface(torus_centreline(b, pose_b), b.minor_radius, s.point_b, -s.normal, 1e-10);
}

TEST(TorusTorusSeparation, RandomPairsMatchBruteForce) {
  std::mt19937 random(20240611);
  std::uniform_real_distribution<double> major(0.5, 1.5);
  std::uniform_real_distribution<double> minor(0.05, 0.3);
  for (int trial = 0; trial < 40; ++trial) {
    const Torus a{major(random), minor(random)};
    const Torus b{major(random), minor(random)};
    const Pose pose_a = test::random_pose(random, 1.0);
    const Pose pose_b = test::random_pose(random, 1.0);
    const SignedSeparation s = torus_torus_separation(a, pose_a, b, pose_b, {});
    const double expected = brute_force_centreline_distance(torus_centreline(a, pose_a), torus_centreline(b, pose_b)) -
                            a.minor_radius - b.minor_radius;
    SCOPED_TRACE(trial);
    EXPECT_TRUE(s.converged);
    // The search may only beat the brute force by its own sampling error, never lose to it.
    EXPECT_LE(s.phi, expected + 1e-11);
    EXPECT_NEAR(s.phi, expected, 1e-9);
    expect_valid_torus_contact(a, pose_a, b, pose_b, s);
  }
}

TEST(TorusTorusSeparation, InterlockedRingsHaveOneContactOnEachSideOfTheHole) {
  // B stands in the xz-plane through A's hole; its centreline crosses A's plane at x = -0.7
  // and x = 1.3, each 0.3 from A's centreline.
  const Torus ring{1.0, 0.1};
  const Pose flat{};
  const Pose upright{Vec3(0.3, 0.0, 0.0), Quaternion(Eigen::AngleAxisd(std::numbers::pi / 2, Vec3::UnitX()))};
  const auto minima = torus_torus_local_minima(ring, flat, ring, upright, 0.5);
  ASSERT_EQ(minima.size(), 2u);
  for (const SignedSeparation& s : minima) {
    EXPECT_TRUE(s.converged);
    EXPECT_NEAR(s.phi, 0.1, 1e-12);
    EXPECT_NEAR(std::abs(s.normal.x()), 1.0, 1e-12);
    expect_valid_torus_contact(ring, flat, ring, upright, s);
  }
  // On A's tube, one contact faces the hole (x = -0.9), the other faces outward (x = 1.1).
  const double lower = std::min(minima[0].point_a.x(), minima[1].point_a.x());
  const double upper = std::max(minima[0].point_a.x(), minima[1].point_a.x());
  EXPECT_NEAR(lower, -0.9, 1e-12);
  EXPECT_NEAR(upper, 1.1, 1e-12);
  // Above a threshold below both, none is reported.
  EXPECT_TRUE(torus_torus_local_minima(ring, flat, ring, upright, 0.05).empty());
}

TEST(TorusTorusSeparation, TautInterlockedRingsOverlapInsideTheHole) {
  const Torus ring{1.0, 0.1};
  const Pose flat{};
  const Pose upright{Vec3(1.85, 0.0, 0.0), Quaternion(Eigen::AngleAxisd(std::numbers::pi / 2, Vec3::UnitX()))};
  const SignedSeparation s = torus_torus_separation(ring, flat, ring, upright, {});
  EXPECT_TRUE(s.converged);
  EXPECT_NEAR(s.phi, -0.05, 1e-12);
  EXPECT_LT((s.normal - Vec3(-1.0, 0.0, 0.0)).norm(), 1e-12);  // from A's tube into its hole
  EXPECT_LT((s.point_a - Vec3(0.9, 0.0, 0.0)).norm(), 1e-12);
  EXPECT_LT((s.point_b - Vec3(0.95, 0.0, 0.0)).norm(), 1e-12);
}

TEST(TorusTorusSeparation, CoplanarRingsSideBySide) {
  const Torus ring{1.0, 0.1};
  for (const double gap : {0.5, 0.1, 0.15}) {  // centrelines 2 + gap apart
    const Pose pose_b{Vec3(2.0 + gap, 0.0, 0.0), Quaternion::Identity()};
    const SignedSeparation s = torus_torus_separation(ring, Pose{}, ring, pose_b, {});
    SCOPED_TRACE(gap);
    EXPECT_TRUE(s.converged);
    EXPECT_NEAR(s.phi, gap - 0.2, 1e-12);
    EXPECT_LT((s.normal - Vec3::UnitX()).norm(), 1e-12);
    EXPECT_LT((s.point_a - Vec3(1.1, 0.0, 0.0)).norm(), 1e-12);
  }
}

TEST(TorusTorusSeparation, CoplanarCrossingCentrelinesGiveFullDepth) {
  const Torus ring{1.0, 0.1};
  const Pose pose_b{Vec3(1.0, 0.0, 0.0), Quaternion::Identity()};
  const SignedSeparation s = torus_torus_separation(ring, Pose{}, ring, pose_b, {});
  EXPECT_TRUE(s.converged);
  EXPECT_NEAR(s.phi, -0.2, 1e-12);
  expect_consistent(s);
}

TEST(TorusTorusSeparation, SmallRingNestedInTheHoleOfALargeOne) {
  const Torus large{2.0, 0.1};
  const Torus small{0.5, 0.05};
  const Pose pose_small{Vec3(0.7, 0.0, 0.0), Quaternion::Identity()};
  // Nearest where the small ring comes closest to the large one, on the +x side.
  const SignedSeparation s = torus_torus_separation(small, pose_small, large, Pose{}, {});
  EXPECT_TRUE(s.converged);
  EXPECT_NEAR(s.phi, 2.0 - 1.2 - 0.15, 1e-12);
  EXPECT_LT((s.normal - Vec3::UnitX()).norm(), 1e-12);
}

TEST(TorusTorusSeparation, CoaxialRingsAreEquallyFarEverywhere) {
  const Torus a{1.0, 0.1};
  const Torus b{0.6, 0.1};
  const Pose pose_b{Vec3(0.0, 0.0, 0.5), Quaternion::Identity()};
  const SignedSeparation s = torus_torus_separation(a, Pose{}, b, pose_b, {});
  EXPECT_TRUE(s.converged);
  EXPECT_NEAR(s.phi, std::hypot(0.4, 0.5) - 0.2, 1e-12);
  expect_valid_torus_contact(a, Pose{}, b, pose_b, s);
}

TEST(TorusTorusSeparation, CoincidentRingsOverlapByBothTubes) {
  const Torus ring{1.0, 0.1};
  const Pose pose{Vec3(0.5, -1.0, 2.0), Quaternion(Eigen::AngleAxisd(0.3, Vec3(1.0, 2.0, 3.0).normalized()))};
  const SignedSeparation s = torus_torus_separation(ring, pose, ring, pose, {});
  EXPECT_TRUE(s.converged);
  EXPECT_NEAR(s.phi, -0.2, 1e-12);
  expect_consistent(s);
}

TEST(TorusTorusSeparation, SymmetricUnderSwapAndRigidMotion) {
  std::mt19937 random(7);
  const Torus a{1.0, 0.1};
  const Torus b{0.7, 0.2};
  for (int trial = 0; trial < 20; ++trial) {
    const Pose pose_a = test::random_pose(random, 0.8);
    const Pose pose_b = test::random_pose(random, 0.8);
    const SignedSeparation ab = torus_torus_separation(a, pose_a, b, pose_b, {});
    const SignedSeparation ba = torus_torus_separation(b, pose_b, a, pose_a, {});
    SCOPED_TRACE(trial);
    EXPECT_NEAR(ab.phi, ba.phi, 1e-12);
    EXPECT_LT((ab.normal + ba.normal).norm(), 1e-8);
    EXPECT_LT((ab.point_a - ba.point_b).norm(), 1e-8);

    const Pose motion = test::random_pose(random, 5.0);
    const auto moved = [&motion](const Pose& p) {
      return Pose{motion.to_lab(p.position), motion.orientation * p.orientation};
    };
    const SignedSeparation m = torus_torus_separation(a, moved(pose_a), b, moved(pose_b), {});
    EXPECT_NEAR(m.phi, ab.phi, 1e-12);
    EXPECT_LT((m.point_a - motion.to_lab(ab.point_a)).norm(), 1e-8);
  }
}

}  // namespace
}  // namespace relcp::geometry
