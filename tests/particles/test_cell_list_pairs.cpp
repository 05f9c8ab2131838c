#include <gtest/gtest.h>
#include <omp.h>

#include <algorithm>
#include <cstdint>
#include <span>
#include <random>
#include <utility>

#include "particles/cell_list_pairs.hpp"

namespace relcp::particles {
namespace {

struct PointSet {
  std::vector<Vec3> positions;
  std::vector<double> radii;
  std::vector<GlobalId> ids;
};

// Polydisperse points with shuffled ids; the last `images` points repeat ids of earlier ones
// (like periodic-image ghosts) at shifted positions.
PointSet random_points(int count, int images, double side, std::uint64_t seed) {
  std::mt19937_64 generator(seed);
  std::uniform_real_distribution<double> uniform(0.0, side);
  std::uniform_real_distribution<double> radius(0.1, 0.6);
  PointSet set;
  std::vector<GlobalId> ids(static_cast<std::size_t>(count));
  for (int k = 0; k < count; ++k) ids[static_cast<std::size_t>(k)] = 3 * k + 1;
  std::shuffle(ids.begin(), ids.end(), generator);
  for (int k = 0; k < count; ++k) {
    set.positions.emplace_back(uniform(generator), uniform(generator), uniform(generator));
    set.radii.push_back(radius(generator));
    set.ids.push_back(ids[static_cast<std::size_t>(k)]);
  }
  for (int k = 0; k < images; ++k) {
    const auto source = static_cast<std::size_t>(k);
    set.positions.push_back(set.positions[source] + Vec3(side, 0.0, 0.0));
    set.radii.push_back(set.radii[source]);
    set.ids.push_back(set.ids[source]);
  }
  return set;
}

std::vector<std::pair<int, int>> brute_force(const PointSet& set, std::size_t num_primary, double buffer) {
  std::vector<std::pair<int, int>> pairs;
  for (std::size_t i = 0; i < num_primary; ++i) {
    for (std::size_t j = 0; j < set.positions.size(); ++j) {
      if (set.ids[j] <= set.ids[i]) continue;
      const double reach = set.radii[i] + set.radii[j] + buffer;
      if ((set.positions[j] - set.positions[i]).squaredNorm() < reach * reach) {
        pairs.emplace_back(static_cast<int>(i), static_cast<int>(j));
      }
    }
  }
  std::sort(pairs.begin(), pairs.end());
  return pairs;
}

std::vector<std::pair<int, int>> as_sorted_index_pairs(const std::vector<ClosePair>& found) {
  std::vector<std::pair<int, int>> pairs;
  for (const ClosePair& p : found) pairs.emplace_back(p.first, p.second);
  std::sort(pairs.begin(), pairs.end());
  return pairs;
}

TEST(CellListPairs, FindsExactlyTheBruteForcePairs) {
  const PointSet set = random_points(1500, 200, 12.0, 1);
  const std::size_t num_primary = 1200;  // the rest act as ghosts
  const double buffer = 0.3;
  const auto found = find_close_pairs(set.positions, set.radii, set.ids, num_primary, buffer);
  const auto expected = brute_force(set, num_primary, buffer);
  ASSERT_FALSE(expected.empty());
  EXPECT_EQ(as_sorted_index_pairs(found), expected);
}

TEST(CellListPairs, OrdersPairsByIdsOfBothBodies) {
  const PointSet set = random_points(800, 100, 8.0, 2);
  const auto found = find_close_pairs(set.positions, set.radii, set.ids, 800, 0.2);
  for (std::size_t k = 1; k < found.size(); ++k) {
    const auto key = [&](const ClosePair& p) {
      return std::make_tuple(set.ids[static_cast<std::size_t>(p.first)], set.ids[static_cast<std::size_t>(p.second)],
                             p.second);
    };
    EXPECT_LT(key(found[k - 1]), key(found[k]));
  }
}

TEST(CellListPairs, OrdersPairsByIdsWhenPrimariesShareIds) {
  const PointSet set = random_points(800, 100, 8.0, 5);
  const std::size_t num_primary = 900;  // the images are primaries too
  const auto found = find_close_pairs(set.positions, set.radii, set.ids, num_primary, 0.2);
  EXPECT_EQ(as_sorted_index_pairs(found), brute_force(set, num_primary, 0.2));
  for (std::size_t k = 1; k < found.size(); ++k) {
    const auto key = [&](const ClosePair& p) {
      return std::make_pair(set.ids[static_cast<std::size_t>(p.first)], set.ids[static_cast<std::size_t>(p.second)]);
    };
    EXPECT_LE(key(found[k - 1]), key(found[k]));
  }
}

TEST(CellListPairs, ResultDoesNotDependOnTheThreadCount) {
  const PointSet set = random_points(3000, 0, 15.0, 3);
  omp_set_num_threads(1);
  const auto serial = find_close_pairs(set.positions, set.radii, set.ids, 3000, 0.25);
  omp_set_num_threads(4);
  const auto threaded = find_close_pairs(set.positions, set.radii, set.ids, 3000, 0.25);
  ASSERT_EQ(serial.size(), threaded.size());
  for (std::size_t k = 0; k < serial.size(); ++k) {
    EXPECT_EQ(serial[k].first, threaded[k].first);
    EXPECT_EQ(serial[k].second, threaded[k].second);
  }
}

TEST(CellListPairs, HandlesSparseClustersFarApart) {
  PointSet set = random_points(300, 0, 3.0, 4);
  for (std::size_t k = 0; k < 150; ++k) set.positions[k] += Vec3(1e7, -3e6, 5e5);
  const auto found = find_close_pairs(set.positions, set.radii, set.ids, 300, 0.1);
  EXPECT_EQ(as_sorted_index_pairs(found), brute_force(set, 300, 0.1));
}

// The device's search (collision/device/device_pair_search.cu) run on the host: the points
// sorted by cell, each primary's pairs counted, placed by an exclusive scan, then written and
// sorted by cell_walk::write_close, the primaries in id order.
std::vector<ClosePair> counted_and_written(const PointSet& set, std::size_t num_primary, double buffer) {
  const cell_walk::Grid grid = close_pair_grid(set.positions, set.radii, buffer);
  const CellSortedPoints cells = sort_by_cell(grid, set.positions, set.radii, set.ids);
  const std::vector<int> order = primaries_by_id(std::span(set.ids).first(num_primary));
  std::vector<cell_walk::Point> points(set.positions.size());
  for (const cell_walk::Point& point : cells.sorted) points[static_cast<std::size_t>(point.index)] = point;
  std::vector<std::uint32_t> offsets(order.size() + 1, 0);
  for (std::size_t k = 0; k < order.size(); ++k) {
    offsets[k + 1] = offsets[k] + cell_walk::count_close(grid, cells.cell_start.data(), cells.sorted.data(),
                                                         points[static_cast<std::size_t>(order[k])], buffer);
  }
  std::vector<int> second(offsets.back());
  for (std::size_t k = 0; k < order.size(); ++k) {
    cell_walk::write_close(grid, cells.cell_start.data(), cells.sorted.data(),
                           points[static_cast<std::size_t>(order[k])], buffer, set.ids.data(),
                           second.data() + offsets[k]);
  }
  std::vector<ClosePair> pairs(second.size());
  for (std::size_t k = 0; k < order.size(); ++k) {
    for (std::uint32_t j = offsets[k]; j < offsets[k + 1]; ++j) pairs[j] = ClosePair{order[k], second[j]};
  }
  return pairs;
}

TEST(CellListPairs, CountedAndWrittenPerPointAsTheDeviceDoesGivesTheSamePairsInTheSameOrder) {
  for (const std::uint64_t seed : {11, 12, 13}) {
    const PointSet set = random_points(2000, 150, 10.0, seed);  // images of ids among the non-primaries
    for (const double buffer : {0.0, 0.3}) {
      const auto expected = find_close_pairs(set.positions, set.radii, set.ids, 2000, buffer);
      const auto found = counted_and_written(set, 2000, buffer);
      ASSERT_FALSE(expected.empty());
      ASSERT_EQ(found.size(), expected.size()) << "seed " << seed << ", buffer " << buffer;
      for (std::size_t k = 0; k < found.size(); ++k) {
        EXPECT_EQ(found[k].first, expected[k].first) << "pair " << k;
        EXPECT_EQ(found[k].second, expected[k].second) << "pair " << k;
      }
    }
  }
}

TEST(CellListPairs, PrimariesByIdRefusesSharedIds) {
  const std::vector<GlobalId> unique = {7, 3, 9};
  EXPECT_EQ(primaries_by_id(unique), (std::vector<int>{1, 0, 2}));
  const std::vector<GlobalId> shared = {7, 3, 7};
  EXPECT_TRUE(primaries_by_id(shared).empty());
}

}  // namespace
}  // namespace relcp::particles
