// The candidate pairs' separations on the CUDA device (detection/separations_on_device.hpp,
// docs/gpu.md "Separations on the device") against the host's pair_separations on a random
// packing of ellipsoids, spheres and spherocylinders with overlaps from shallow to deep: the same
// separation for every pair, exact or bound, at a step's first threshold and at a trial's.
// Each rank runs its own packing. Skips without a CUDA device.
#include <gtest/gtest.h>
#include <mpi.h>

#include <random>
#include <vector>

#include "collision/detection/pair_constraints.hpp"
#include "collision/detection/separations_on_device.hpp"
#include "collision/device/cuda_backend.hpp"
#include "collision/device/device_contact_operator.hpp"
#include "collision/device/device_separations.hpp"
#include "particles/neighbour_search.hpp"
#include "support/cuda_device.hpp"

namespace relcp::collision {
namespace {

std::vector<particles::Body> random_packing(unsigned seed, int count, double side) {
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  std::normal_distribution<double> normal(0.0, 1.0);
  std::vector<particles::Body> bodies(static_cast<std::size_t>(count));
  for (int i = 0; i < count; ++i) {
    particles::Body& body = bodies[static_cast<std::size_t>(i)];
    body.id = i;
    const double kind = unit(rng);
    if (kind < 0.7) {
      body.shape = geometry::Ellipsoid{Vec3(0.5 + unit(rng), 0.5 + unit(rng), 1.0 + unit(rng))};
    } else if (kind < 0.95) {
      body.shape = geometry::Sphere{0.5 + unit(rng)};
    } else {
      body.shape = geometry::Spherocylinder{0.4, 1.5};
    }
    body.pose.position = side * Vec3(unit(rng), unit(rng), unit(rng));
    body.pose.orientation = Quaternion(normal(rng), normal(rng), normal(rng), normal(rng)).normalized();
  }
  return bodies;
}

void expect_same_separations(double threshold) {
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  const std::vector<particles::Body> owned = random_packing(100 + static_cast<unsigned>(rank), 3000, 18.0);
  const std::vector<particles::Ghost> ghosts;
  const particles::CandidatePairs pairs = particles::find_candidate_pairs(owned, ghosts, 0.2);
  ASSERT_GT(pairs.size(), 1000u);
  const auto host = pair_separations(pairs, owned, ghosts, threshold);
  device::DeviceSeparations on_device;
  const auto gpu = separations_on_device(on_device, pairs, owned, ghosts, threshold);
  ASSERT_EQ(gpu.size(), host.size());
  int exact = 0, deep = 0;
  for (std::size_t k = 0; k < pairs.size(); ++k) {
    EXPECT_NEAR(gpu[k].phi, host[k].phi, 1e-11) << "pair " << k;
    EXPECT_EQ(gpu[k].bound_only, host[k].bound_only) << "pair " << k;
    EXPECT_EQ(gpu[k].converged, host[k].converged) << "pair " << k;
    EXPECT_GT(gpu[k].normal.dot(host[k].normal), 1.0 - 1e-12) << "pair " << k;
    EXPECT_LT((gpu[k].point_a - host[k].point_a).norm(), 1e-9) << "pair " << k;
    EXPECT_LT((gpu[k].point_b - host[k].point_b).norm(), 1e-9) << "pair " << k;
    if (!host[k].bound_only) ++exact;
    if (host[k].phi < -1.0) ++deep;
  }
  EXPECT_GT(exact, 100);
  EXPECT_GT(deep, 10);  // deep overlaps, which the device leaves to the host
  EXPECT_EQ(largest_overlap(gpu), largest_overlap(host));
}

TEST(DeviceSeparations, MatchTheHostAtAStepsFirstThreshold) {
  if (!testing::device_on_every_rank()) GTEST_SKIP() << "no CUDA device";
  ensure_cuda_device(MPI_COMM_WORLD);
  expect_same_separations(0.2);
}

TEST(DeviceSeparations, MatchTheHostAtATrialsThreshold) {
  if (!testing::device_on_every_rank()) GTEST_SKIP() << "no CUDA device";
  ensure_cuda_device(MPI_COMM_WORLD);
  expect_same_separations(0.0);
}

TEST(DeviceSeparations, NoPairsNoWork) {
  if (!testing::device_on_every_rank()) GTEST_SKIP() << "no CUDA device";
  ensure_cuda_device(MPI_COMM_WORLD);
  const std::vector<particles::Body> owned;
  const std::vector<particles::Ghost> ghosts;
  const particles::CandidatePairs pairs;
  device::DeviceSeparations on_device;
  EXPECT_TRUE(separations_on_device(on_device, pairs, owned, ghosts, 0.0).empty());
}

}  // namespace
}  // namespace relcp::collision
