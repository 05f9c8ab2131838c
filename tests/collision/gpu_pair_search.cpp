// The candidate pairs' cell-list search on the CUDA device (detection/pair_search_on_device.hpp,
// docs/gpu.md "Pair search on the device") against the host's find_close_pairs: the same pairs in
// the same order, with and without a buffer, with ghost-like images of ids among the
// non-primary points, and with primaries that share ids (searched on the host). Each rank runs
// its own points. Skips without a CUDA device.
#include <gtest/gtest.h>
#include <mpi.h>

#include <algorithm>
#include <random>
#include <vector>

#include "collision/detection/pair_search_on_device.hpp"
#include "collision/device/cuda_backend.hpp"
#include "collision/device/device_contact_operator.hpp"
#include "particles/cell_list_pairs.hpp"
#include "support/cuda_device.hpp"

namespace relcp::collision {
namespace {

struct Points {
  std::vector<Vec3> positions;
  std::vector<double> radii;
  std::vector<GlobalId> ids;
};

// `count` polydisperse points with shuffled ids, then `images` copies of the first ones shifted by
// the box side (as periodic ghosts).
Points random_points(unsigned seed, int count, int images, double side) {
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> uniform(0.0, side);
  std::uniform_real_distribution<double> radius(0.1, 0.6);
  Points points;
  std::vector<GlobalId> ids(static_cast<std::size_t>(count));
  for (int k = 0; k < count; ++k) ids[static_cast<std::size_t>(k)] = 5 * k + 2;
  std::shuffle(ids.begin(), ids.end(), rng);
  for (int k = 0; k < count; ++k) {
    points.positions.emplace_back(uniform(rng), uniform(rng), uniform(rng));
    points.radii.push_back(radius(rng));
    points.ids.push_back(ids[static_cast<std::size_t>(k)]);
  }
  for (int k = 0; k < images; ++k) {
    const auto source = static_cast<std::size_t>(k);
    points.positions.push_back(points.positions[source] + Vec3(side, 0.0, 0.0));
    points.radii.push_back(points.radii[source]);
    points.ids.push_back(points.ids[source]);
  }
  return points;
}

void expect_same_pairs(const Points& points, std::size_t num_primary, double buffer) {
  device::DevicePairSearch search;
  const auto expected = particles::find_close_pairs(points.positions, points.radii, points.ids, num_primary, buffer);
  // Twice: the second call reuses the buffers of the first.
  for (int call = 0; call < 2; ++call) {
    const auto found = close_pairs_on_device(search, points.positions, points.radii, points.ids, num_primary, buffer);
    ASSERT_EQ(found.size(), expected.size()) << "call " << call;
    for (std::size_t k = 0; k < found.size(); ++k) {
      EXPECT_EQ(found[k].first, expected[k].first) << "pair " << k;
      EXPECT_EQ(found[k].second, expected[k].second) << "pair " << k;
    }
  }
}

int rank() {
  int r = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &r);
  return r;
}

TEST(DevicePairSearch, MatchesTheHostWithABuffer) {
  if (!testing::device_on_every_rank()) GTEST_SKIP() << "no CUDA device";
  ensure_cuda_device(MPI_COMM_WORLD);
  expect_same_pairs(random_points(21 + static_cast<unsigned>(rank()), 20000, 1500, 25.0), 20000, 0.3);
}

TEST(DevicePairSearch, MatchesTheHostWithoutABuffer) {
  if (!testing::device_on_every_rank()) GTEST_SKIP() << "no CUDA device";
  ensure_cuda_device(MPI_COMM_WORLD);
  expect_same_pairs(random_points(31 + static_cast<unsigned>(rank()), 5000, 0, 12.0), 5000, 0.0);
}

TEST(DevicePairSearch, PrimariesThatShareIdsAreSearchedOnTheHost) {
  if (!testing::device_on_every_rank()) GTEST_SKIP() << "no CUDA device";
  ensure_cuda_device(MPI_COMM_WORLD);
  expect_same_pairs(random_points(41, 800, 100, 8.0), 900, 0.2);
}

TEST(DevicePairSearch, SparseClustersFarApartAndNoPrimaries) {
  if (!testing::device_on_every_rank()) GTEST_SKIP() << "no CUDA device";
  ensure_cuda_device(MPI_COMM_WORLD);
  Points points = random_points(51, 400, 0, 3.0);
  for (std::size_t k = 0; k < 200; ++k) points.positions[k] += Vec3(1e7, -3e6, 5e5);
  expect_same_pairs(points, 400, 0.1);
  expect_same_pairs(points, 0, 0.1);
}

}  // namespace
}  // namespace relcp::collision
