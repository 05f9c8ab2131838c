#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <random>

#include "core/error.hpp"
#include "particles/region_map.hpp"

namespace relcp::particles {
namespace {

constexpr double inf = std::numeric_limits<double>::infinity();

// Four ranks: x < 1 split at y = 0; x >= 1 split at y = 2.
RegionMap four_boxes() {
  return RegionMap(
      {RegionBox{Vec3(-inf, -inf, -inf), Vec3(1, 0, inf)}, RegionBox{Vec3(-inf, 0, -inf), Vec3(1, inf, inf)},
       RegionBox{Vec3(1, -inf, -inf), Vec3(inf, 2, inf)}, RegionBox{Vec3(1, 2, -inf), Vec3(inf, inf, inf)}});
}

TEST(RegionMap, HalfOpenBoxesGiveEveryPointExactlyOneOwner) {
  const RegionMap regions = four_boxes();
  std::mt19937_64 generator(5);
  std::uniform_real_distribution<double> uniform(-5.0, 5.0);
  for (int k = 0; k < 1000; ++k) {
    const Vec3 point(uniform(generator), uniform(generator), uniform(generator));
    int holders = 0;
    for (int r = 0; r < regions.num_ranks(); ++r) holders += regions.box(r).contains_half_open(point);
    EXPECT_EQ(holders, 1);
    EXPECT_TRUE(regions.box(regions.owner_of(point)).contains_closed(point));
  }
}

TEST(RegionMap, PointsOnAFaceBelongToTheUpperBoxButLieInBothClosedBoxes) {
  const RegionMap regions = four_boxes();
  const Vec3 on_face(0.5, 0.0, 0.0);
  EXPECT_EQ(regions.owner_of(on_face), 1);
  EXPECT_TRUE(regions.box(0).contains_closed(on_face));
  EXPECT_TRUE(regions.box(1).contains_closed(on_face));
}

TEST(RegionMap, SingleOwnerOwnsEverythingAndOthersNothing) {
  const RegionMap regions = RegionMap::single_owner(2, 3);
  EXPECT_EQ(regions.owner_of(Vec3(1e300, -1e300, 0)), 2);
  EXPECT_TRUE(regions.box(0).is_empty());
  EXPECT_EQ(distance_to_box(regions.box(1), Vec3::Zero()), inf);
  EXPECT_EQ(distance_to_box(regions.box(2), Vec3(5, 5, 5)), 0.0);
}

TEST(RegionMap, NonFinitePositionsHaveNoOwner) {
  const RegionMap regions = four_boxes();
  EXPECT_THROW(regions.owner_of(Vec3(std::nan(""), 0, 0)), RunTimeFailure);
}

TEST(RegionMap, DistanceToBoxIsEuclideanOutsideAndZeroInside) {
  const RegionBox box{Vec3(0, 0, 0), Vec3(1, 2, 3)};
  EXPECT_EQ(distance_to_box(box, Vec3(0.5, 1, 1)), 0.0);
  EXPECT_DOUBLE_EQ(distance_to_box(box, Vec3(-3, 1, 1)), 3.0);
  EXPECT_DOUBLE_EQ(distance_to_box(box, Vec3(4, 6, 1)), 5.0);
  EXPECT_DOUBLE_EQ(distance_to_box(box, Vec3(2, 3, 4)), std::sqrt(3.0));
}

}  // namespace
}  // namespace relcp::particles
