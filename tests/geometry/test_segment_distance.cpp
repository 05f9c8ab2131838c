#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "geometry/distance/segment_distance.hpp"
#include "support/shape_sampling.hpp"

namespace relcp::geometry {
namespace {

using testing::random_unit;
using testing::random_vector;

// Minimum over a dense grid on a of the exact distance to b (a point's nearest point on a
// segment is its clamped projection).
double sampled_distance(const Segment& a, const Segment& b) {
  constexpr int kSamples = 4001;
  double best = 1e300;
  for (int i = 0; i < kSamples; ++i) {
    const double s = a.half_length * (2.0 * i / (kSamples - 1) - 1.0);
    const Vec3 p = a.at(s);
    const double u = std::clamp((p - b.centre).dot(b.axis), -b.half_length, b.half_length);
    best = std::min(best, (b.at(u) - p).norm());
  }
  return best;
}

double distance_to_segment(const Segment& segment, const Vec3& p) {
  const double u = std::clamp((p - segment.centre).dot(segment.axis), -segment.half_length, segment.half_length);
  return (segment.at(u) - p).norm();
}

void expect_consistent(const Segment& a, const Segment& b, const SegmentClosestPoints& closest) {
  EXPECT_LE(distance_to_segment(a, closest.point_a), 1e-13);
  EXPECT_LE(distance_to_segment(b, closest.point_b), 1e-13);
  EXPECT_NEAR((closest.point_b - closest.point_a).norm(), closest.distance, 1e-14);
}

TEST(SegmentDistance, RandomPairsMatchDenseSampling) {
  std::mt19937_64 rng(21);
  std::uniform_real_distribution<double> length(0.0, 2.0);
  for (int trial = 0; trial < 300; ++trial) {
    const Segment a{random_vector(rng, 1.0), random_unit(rng), length(rng)};
    const Segment b{random_vector(rng, 1.0), random_unit(rng), length(rng)};
    const SegmentClosestPoints closest = closest_points(a, b);
    expect_consistent(a, b, closest);
    const double sampled = sampled_distance(a, b);
    EXPECT_LE(closest.distance, sampled + 1e-12);
    EXPECT_GE(closest.distance, sampled - 2.0 * a.half_length / 4000.0 - 1e-12);
    EXPECT_NEAR(closest_points(b, a).distance, closest.distance, 1e-14);
  }
}

TEST(SegmentDistance, NearlyParallelPairsMatchDenseSampling) {
  std::mt19937_64 rng(22);
  for (int trial = 0; trial < 100; ++trial) {
    const Vec3 axis = random_unit(rng);
    const double tilt = std::pow(10.0, -2.0 - trial % 10);
    const Vec3 tilted = (axis + tilt * testing::random_unit(rng)).normalized();
    const Segment a{Vec3::Zero(), axis, 1.0};
    const Segment b{random_vector(rng, 0.5), tilted, 0.7};
    const SegmentClosestPoints closest = closest_points(a, b);
    expect_consistent(a, b, closest);
    EXPECT_LE(closest.distance, sampled_distance(a, b) + 1e-12);
    EXPECT_LE(closest.distance, sampled_distance(b, a) + 1e-12);
  }
}

TEST(SegmentDistance, ParallelOverlapPicksTheMidpointOfTheOverlap) {
  // b lies 0.5 beside a, shifted by 0.6 along it: the overlap on a is s in [-0.4, 1.0].
  const Segment a{Vec3::Zero(), Vec3::UnitZ(), 1.0};
  for (const Vec3& b_axis : {Vec3(Vec3::UnitZ()), Vec3(-Vec3::UnitZ())}) {
    const Segment b{Vec3(0.5, 0.0, 0.6), b_axis, 1.0};
    const SegmentClosestPoints closest = closest_points(a, b);
    EXPECT_NEAR(closest.distance, 0.5, 1e-15);
    EXPECT_LE((closest.point_a - Vec3(0.0, 0.0, 0.3)).norm(), 1e-15);
    EXPECT_LE((closest.point_b - Vec3(0.5, 0.0, 0.3)).norm(), 1e-15);
    // Swapping the segments picks the same contact.
    const SegmentClosestPoints swapped = closest_points(b, a);
    EXPECT_LE((swapped.point_a - closest.point_b).norm(), 1e-15);
    EXPECT_LE((swapped.point_b - closest.point_a).norm(), 1e-15);
  }
}

TEST(SegmentDistance, ParallelDisjointPairsMeetAtTheFacingEnds) {
  const Segment a{Vec3::Zero(), Vec3::UnitZ(), 1.0};
  const Segment b{Vec3(0.3, 0.0, 3.0), Vec3::UnitZ(), 0.5};
  const SegmentClosestPoints closest = closest_points(a, b);
  EXPECT_LE((closest.point_a - Vec3(0.0, 0.0, 1.0)).norm(), 1e-15);
  EXPECT_LE((closest.point_b - Vec3(0.3, 0.0, 2.5)).norm(), 1e-15);
  EXPECT_NEAR(closest.distance, std::hypot(0.3, 1.5), 1e-15);
}

TEST(SegmentDistance, CrossingAxesFallBackToTheCommonPerpendicular) {
  const Segment a{Vec3::Zero(), Vec3::UnitX(), 1.0};
  const Segment b{Vec3(0.2, 0.0, 0.0), Vec3(0.0, 1.0, 1.0).normalized(), 1.0};  // crosses a at x = 0.2
  const SegmentClosestPoints closest = closest_points(a, b);
  EXPECT_LE(closest.distance, 1e-15);
  const Vec3 normal = separation_direction(a, b, closest);
  EXPECT_NEAR(normal.norm(), 1.0, 1e-15);
  EXPECT_NEAR(normal.dot(a.axis), 0.0, 1e-15);
  EXPECT_NEAR(normal.dot(b.axis), 0.0, 1e-15);
  EXPECT_LE((separation_direction(b, a, closest_points(b, a)) + normal).norm(), 1e-15);
}

TEST(SegmentDistance, CollinearOverlapFallsBackToAPerpendicular) {
  const Segment a{Vec3::Zero(), Vec3::UnitZ(), 1.0};
  const Segment b{Vec3(0.0, 0.0, 0.5), Vec3::UnitZ(), 1.0};
  const SegmentClosestPoints closest = closest_points(a, b);
  EXPECT_LE(closest.distance, 1e-15);
  EXPECT_LE((closest.point_a - Vec3(0.0, 0.0, 0.25)).norm(), 1e-15);
  const Vec3 normal = separation_direction(a, b, closest);
  EXPECT_NEAR(normal.norm(), 1.0, 1e-15);
  EXPECT_NEAR(normal.dot(a.axis), 0.0, 1e-15);
}

TEST(SegmentDistance, DegenerateSegmentsArePoints) {
  const Segment point{Vec3(0.5, 2.0, 0.0), Vec3::UnitZ(), 0.0};
  const Segment line{Vec3::Zero(), Vec3::UnitY(), 1.0};
  SegmentClosestPoints closest = closest_points(point, line);
  EXPECT_NEAR(closest.distance, std::hypot(0.5, 1.0), 1e-15);
  EXPECT_LE((closest.point_b - Vec3(0.0, 1.0, 0.0)).norm(), 1e-15);
  closest = closest_points(line, point);
  EXPECT_LE((closest.point_a - Vec3(0.0, 1.0, 0.0)).norm(), 1e-15);

  const Segment other{Vec3(0.5, 2.0, 1.0), Vec3::UnitX(), 0.0};
  closest = closest_points(point, other);
  EXPECT_NEAR(closest.distance, 1.0, 1e-15);
  EXPECT_LE((separation_direction(point, other, closest) - Vec3::UnitZ()).norm(), 1e-15);
  // A point on the axis: the normal is perpendicular to the axis.
  const Segment on_axis{Vec3(0.0, 0.3, 0.0), Vec3::UnitZ(), 0.0};
  closest = closest_points(line, on_axis);
  EXPECT_LE(closest.distance, 1e-15);
  EXPECT_NEAR(separation_direction(line, on_axis, closest).dot(line.axis), 0.0, 1e-15);
}

}  // namespace
}  // namespace relcp::geometry
