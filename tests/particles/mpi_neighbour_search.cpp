#include <gtest/gtest.h>
#include <mpi.h>

#include <algorithm>
#include <random>
#include <utility>

#include "geometry/shapes/shape_properties.hpp"
#include "particles/neighbour_search.hpp"
#include "particles/particle_store.hpp"
#include "support/brute_force_pairs.hpp"
#include "support/gathered_bodies.hpp"

namespace relcp::particles {
namespace {

// Ellipsoids, spheres and rings at independent uniform positions (overlaps allowed, so that
// even a zero buffer has pairs); identical on every rank.
std::vector<Body> polydisperse_bodies(const Vec3& lower, const Vec3& upper) {
  std::mt19937_64 generator(21);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  const std::vector<geometry::Shape> shapes{geometry::Ellipsoid{Vec3(0.3, 0.3, 0.6)}, geometry::Sphere{0.2},
                                            geometry::Torus{0.5, 0.08}};
  std::vector<Body> bodies(1200);
  for (std::size_t k = 0; k < bodies.size(); ++k) {
    Body& body = bodies[k];
    body.id = static_cast<GlobalId>(k);
    body.shape = shapes[k % shapes.size()];
    const Vec3 u(unit(generator), unit(generator), unit(generator));
    body.pose.position = lower + (upper - lower).cwiseProduct(u);
  }
  return bodies;
}

// Every rank's pairs, gathered as (a, b) and sorted; also checks per-pair invariants locally.
std::vector<std::pair<GlobalId, GlobalId>> gathered_pairs(const ParticleStore& store, const CandidatePairs& pairs) {
  std::vector<long long> flat;
  for (std::size_t k = 0; k < pairs.size(); ++k) {
    const CandidatePair& pair = pairs[k];
    EXPECT_LT(pair.a, pair.b);
    if (k > 0) {
      EXPECT_LT(std::make_pair(pairs[k - 1].a, pairs[k - 1].b), std::make_pair(pair.a, pair.b));
    }
    const Body& a = store.owned().at(static_cast<std::size_t>(pair.index_a));
    EXPECT_EQ(a.id, pair.a);
    const Body& b = pair.b_is_ghost ? store.ghosts().at(static_cast<std::size_t>(pair.index_b)).body
                                    : store.owned().at(static_cast<std::size_t>(pair.index_b));
    EXPECT_EQ(b.id, pair.b);
    // The reported image is the minimum image.
    const Vec3 owner_position = pair.b_is_ghost ? b.pose.position - pair.offset_b : b.pose.position;
    const Vec3 expected = store.domain().minimum_image(owner_position - a.pose.position);
    EXPECT_LT((owner_position + pair.offset_b - a.pose.position - expected).norm(), 1e-9);
    flat.push_back(pair.a);
    flat.push_back(pair.b);
  }
  int size = 1;
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  const int count = static_cast<int>(flat.size());
  std::vector<int> counts(static_cast<std::size_t>(size));
  MPI_Allgather(&count, 1, MPI_INT, counts.data(), 1, MPI_INT, MPI_COMM_WORLD);
  std::vector<int> offsets(static_cast<std::size_t>(size), 0);
  for (int r = 1; r < size; ++r) offsets[r] = offsets[r - 1] + counts[r - 1];
  std::vector<long long> all(static_cast<std::size_t>(offsets.back() + counts.back()));
  MPI_Allgatherv(flat.data(), count, MPI_LONG_LONG, all.data(), counts.data(), offsets.data(), MPI_LONG_LONG,
                 MPI_COMM_WORLD);
  std::vector<std::pair<GlobalId, GlobalId>> result;
  for (std::size_t k = 0; k < all.size(); k += 2) result.emplace_back(all[k], all[k + 1]);
  std::sort(result.begin(), result.end());
  return result;
}

void expect_brute_force_pairs(const Domain& domain, const Vec3& lower, const Vec3& upper, PartitionMethod method) {
  ParticleStore store(MPI_COMM_WORLD, domain);
  const auto bodies = polydisperse_bodies(lower, upper);
  store.distribute_from_all(bodies);
  store.rebalance(Partitioner(method));
  for (const double buffer : {0.0, 0.35, 1.1}) {
    store.exchange_ghosts(buffer);
    const auto pairs = find_candidate_pairs(store, buffer);
    const auto found = gathered_pairs(store, pairs);
    const auto expected = testing::brute_force_pairs(bodies, domain, buffer);
    ASSERT_FALSE(expected.empty());
    EXPECT_EQ(found, expected) << "buffer " << buffer;  // equal sorted lists: each pair once
  }
}

TEST(NeighbourSearch, FindsEveryPairWithinTheCutoffExactlyOnceInOpenSpace) {
  expect_brute_force_pairs(Domain{}, Vec3(0, 0, 0), Vec3(14, 10, 9), PartitionMethod::rcb);
}

TEST(NeighbourSearch, FindsEveryPairWithinTheCutoffExactlyOnceAcrossPeriodicFaces) {
  Domain domain;
  domain.lower = Vec3(-6, -5, -4.5);
  domain.upper = Vec3(6, 5, 4.5);
  domain.periodic = {true, true, true};
  expect_brute_force_pairs(domain, domain.lower, domain.upper, PartitionMethod::multijagged);
}

TEST(NeighbourSearch, MixedPeriodicAndOpenAxes) {
  Domain domain;
  domain.lower = Vec3(-6, -5, -4.5);
  domain.upper = Vec3(6, 5, 4.5);
  domain.periodic = {false, true, false};
  expect_brute_force_pairs(domain, domain.lower, domain.upper, PartitionMethod::rcb);
}

TEST(NeighbourSearch, RefusesStaleGhosts) {
  ParticleStore store(MPI_COMM_WORLD, Domain{});
  EXPECT_THROW(find_candidate_pairs(store, 0.1), std::logic_error);
  store.exchange_ghosts(0.1);
  EXPECT_NO_THROW(find_candidate_pairs(store, 0.1));
  EXPECT_THROW(find_candidate_pairs(store, 0.2), std::logic_error);
  store.migrate();
  EXPECT_THROW(find_candidate_pairs(store, 0.1), std::logic_error);
}

}  // namespace
}  // namespace relcp::particles
