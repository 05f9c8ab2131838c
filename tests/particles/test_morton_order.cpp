#include "particles/morton_order.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>
#include <random>
#include <vector>

namespace relcp::particles {
namespace {

const Vec3 kLower(0.0, 0.0, 0.0);
const Vec3 kUpper(1.0, 1.0, 1.0);

TEST(MortonKey, InterleavesTheAxesWithXMostSignificant) {
  const double cell = 1.0 / 2097152.0;  // one cell of the 2^21 grid
  EXPECT_EQ(morton_key(kLower, kLower, kUpper), 0U);
  EXPECT_EQ(morton_key(Vec3(1.5 * cell, 0, 0), kLower, kUpper), 4U);
  EXPECT_EQ(morton_key(Vec3(0, 1.5 * cell, 0), kLower, kUpper), 2U);
  EXPECT_EQ(morton_key(Vec3(0, 0, 1.5 * cell), kLower, kUpper), 1U);
  EXPECT_EQ(morton_key(Vec3(2.5 * cell, 0, 1.5 * cell), kLower, kUpper), 0b100001U);
  EXPECT_EQ(morton_key(kUpper, kLower, kUpper), (std::uint64_t{1} << 63) - 1);
}

TEST(MortonKey, ClampsPointsOutsideTheBoxAndMapsAFlatAxisToZero) {
  EXPECT_EQ(morton_key(Vec3(-5, -5, -5), kLower, kUpper), 0U);
  EXPECT_EQ(morton_key(Vec3(9, 9, 9), kLower, kUpper), morton_key(kUpper, kLower, kUpper));
  const Vec3 flat_upper(1.0, 1.0, 0.0);
  EXPECT_EQ(morton_key(Vec3(0, 0, 0.7), kLower, flat_upper) & 0x1249249249249249ULL, 0U);
}

// A shuffled 4 x 4 x 4 grid: every run of 8 along the curve is one aligned 2 x 2 x 2 block.
TEST(MortonOrder, VisitsAGridBlockByBlock) {
  std::vector<Vec3> points;
  for (int x = 0; x < 4; ++x) {
    for (int y = 0; y < 4; ++y) {
      for (int z = 0; z < 4; ++z) points.emplace_back(x, y, z);
    }
  }
  std::shuffle(points.begin(), points.end(), std::mt19937(3));
  const std::vector<std::size_t> order = morton_order(points);

  std::vector<std::size_t> sorted = order;
  std::sort(sorted.begin(), sorted.end());
  std::vector<std::size_t> identity(points.size());
  std::iota(identity.begin(), identity.end(), std::size_t{0});
  EXPECT_EQ(sorted, identity);

  for (std::size_t run = 0; run < order.size(); run += 8) {
    const Vec3 block = (points[order[run]] / 2.0).array().floor();
    for (std::size_t k = run; k < run + 8; ++k) {
      EXPECT_EQ(((points[order[k]] / 2.0).array().floor() - block.array()).abs().maxCoeff(), 0.0)
          << "point " << k << " of the curve leaves its 2 x 2 x 2 block";
    }
  }
  EXPECT_EQ(points[order.front()], Vec3(0, 0, 0));
  EXPECT_EQ(points[order.back()], Vec3(3, 3, 3));
}

TEST(MortonOrder, KeepsEqualPointsInIndexOrderAndHandlesNoPoints) {
  const std::vector<Vec3> same(5, Vec3(1, 2, 3));
  EXPECT_EQ(morton_order(same), (std::vector<std::size_t>{0, 1, 2, 3, 4}));
  EXPECT_TRUE(morton_order(std::vector<Vec3>{}).empty());
}

// The point of the order: consecutive bodies along it are close. For uniform random points the
// mean step along the curve is a small multiple of the mean spacing, far below a random order's.
TEST(MortonOrder, ConsecutivePointsOfRandomCloudsAreNeighbours) {
  std::mt19937_64 rng(11);
  std::uniform_real_distribution<double> uniform(0.0, 100.0);
  std::vector<Vec3> points(20000);
  for (Vec3& point : points) point = Vec3(uniform(rng), uniform(rng), uniform(rng));
  const std::vector<std::size_t> order = morton_order(points);
  double along_curve = 0.0;
  double along_input = 0.0;
  for (std::size_t k = 1; k < points.size(); ++k) {
    along_curve += (points[order[k]] - points[order[k - 1]]).norm();
    along_input += (points[k] - points[k - 1]).norm();
  }
  const double spacing = 100.0 / std::cbrt(static_cast<double>(points.size()));  // 3.7
  EXPECT_LT(along_curve / static_cast<double>(points.size() - 1), 3.0 * spacing);
  EXPECT_GT(along_input / static_cast<double>(points.size() - 1), 10.0 * spacing);
}

}  // namespace
}  // namespace relcp::particles
