// The chainmail net (Palmer et al. 2025, Sec. 4.4; our lattice: docs/scenario.md) for the paper's
// rings R = 1, r = 0.1 at
// spacing 3: the count and places of the rings, no two overlapping, and every connector
// threaded through exactly the two flat rings it joins (their centreline circles are linked).

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <numbers>
#include <vector>

#include "geometry/separation/signed_separation.hpp"
#include "particles/chainmail_lattice.hpp"

namespace relcp::particles {
namespace {

ChainmailLattice paper_lattice(std::int64_t nx, std::int64_t ny) {
  ChainmailLattice lattice;
  lattice.nx = nx;
  lattice.ny = ny;
  lattice.spacing = 3.0;
  lattice.ring = geometry::Torus{1.0, 0.1};
  return lattice;
}

struct Circle {
  Vec3 centre;
  Vec3 axis;  // unit
  double radius;
};

Circle centreline(const Body& ring) {
  return {ring.pose.position, ring.pose.orientation * Vec3::UnitZ(),
          std::get<geometry::Torus>(ring.shape).major_radius};
}

// Circles a and b are linked when b pierces the disc of a exactly once (b crosses a's plane
// twice, once inside a and once outside; unlinked circles pierce it zero or two times).
bool linked(const Circle& a, const Circle& b) {
  const Vec3 u = b.axis.unitOrthogonal();
  const Vec3 v = b.axis.cross(u);
  const auto point = [&](double t) { return b.centre + b.radius * (std::cos(t) * u + std::sin(t) * v); };
  const auto height = [&](double t) { return (point(t) - a.centre).dot(a.axis); };
  constexpr int kSamples = 4096;
  const double step = 2.0 * std::numbers::pi / kSamples;
  std::vector<bool> below(kSamples);
  for (int k = 0; k < kSamples; ++k) below[k] = height(step * k) < 0.0;
  int piercings = 0;
  for (int k = 0; k < kSamples; ++k) {
    // Sample k + 1 wraps to sample 0, so a crossing exactly on a sample counts once.
    if (below[k] == below[(k + 1) % kSamples]) continue;
    double lo = step * k;
    double hi = step * (k + 1);
    for (int i = 0; i < 60; ++i) {
      const double mid = 0.5 * (lo + hi);
      ((height(mid) < 0.0) == below[k] ? lo : hi) = mid;
    }
    if ((point(lo) - a.centre).norm() < a.radius) ++piercings;
  }
  return piercings == 1;
}

TEST(ChainmailLattice, FlatRingsOnTheGridAndConnectorsAtTheEdgeMidpoints) {
  ChainmailLattice lattice = paper_lattice(3, 2);
  lattice.center = Vec3(10, 20, 5);
  lattice.first_id = 7;
  const std::vector<Body> rings = place_chainmail(lattice);
  ASSERT_EQ(static_cast<std::int64_t>(rings.size()), chainmail_ring_count(lattice));
  ASSERT_EQ(rings.size(), 6u + 4u + 3u);
  for (std::size_t k = 0; k < rings.size(); ++k) EXPECT_EQ(rings[k].id, 7 + static_cast<GlobalId>(k));
  // Flat rings: centred grid x in {7, 10, 13}, y in {18.5, 21.5}, axis z.
  EXPECT_TRUE(rings[0].pose.position.isApprox(Vec3(7, 18.5, 5)));
  EXPECT_TRUE(rings[5].pose.position.isApprox(Vec3(13, 21.5, 5)));
  EXPECT_TRUE((rings[0].pose.orientation * Vec3::UnitZ()).isApprox(Vec3::UnitZ()));
  // x-connectors between x-neighbours, axis y; y-connectors between y-neighbours, axis x.
  EXPECT_TRUE(rings[6].pose.position.isApprox(Vec3(8.5, 18.5, 5)));
  EXPECT_TRUE((rings[6].pose.orientation * Vec3::UnitZ()).isApprox(Vec3::UnitY()));
  EXPECT_TRUE(rings[10].pose.position.isApprox(Vec3(7, 20, 5)));
  EXPECT_TRUE((rings[10].pose.orientation * Vec3::UnitZ()).isApprox(Vec3::UnitX()));
}

TEST(ChainmailLattice, PaperRingsAtSpacingThreeArePairwiseOverlapFree) {
  const std::vector<Body> rings = place_chainmail(paper_lattice(4, 4));
  double smallest = std::numeric_limits<double>::infinity();
  for (std::size_t a = 0; a < rings.size(); ++a) {
    for (std::size_t b = a + 1; b < rings.size(); ++b) {
      const auto separation = geometry::signed_separation(rings[a].shape, rings[a].pose, rings[b].shape, rings[b].pose);
      EXPECT_GT(separation.phi, 0.0) << a << " " << b;
      smallest = std::min(smallest, separation.phi);
    }
  }
  // Flat ring to connector: centreline distance 0.5 minus the two tube radii (docs/scenario.md).
  EXPECT_NEAR(smallest, 0.3, 1e-9);
  EXPECT_NEAR(chainmail_min_separation(paper_lattice(10, 10)), smallest, 1e-12);
}

TEST(ChainmailLattice, EachConnectorLinksExactlyItsTwoFlatRings) {
  const std::int64_t nx = 4;
  const std::int64_t ny = 3;
  const std::vector<Body> rings = place_chainmail(paper_lattice(nx, ny));
  const auto flat = [&](std::int64_t i, std::int64_t j) { return static_cast<std::size_t>(j * nx + i); };
  const std::size_t first_connector = static_cast<std::size_t>(nx * ny);
  const std::size_t first_y_connector = first_connector + static_cast<std::size_t>((nx - 1) * ny);
  for (std::size_t c = first_connector; c < rings.size(); ++c) {
    const std::size_t k = c < first_y_connector ? c - first_connector : c - first_y_connector;
    const bool along_x = c < first_y_connector;
    const std::int64_t per_row = along_x ? nx - 1 : nx;
    const std::int64_t i = static_cast<std::int64_t>(k) % per_row;
    const std::int64_t j = static_cast<std::int64_t>(k) / per_row;
    const std::size_t first = flat(i, j);
    const std::size_t second = along_x ? flat(i + 1, j) : flat(i, j + 1);
    for (std::size_t other = 0; other < rings.size(); ++other) {
      if (other == c) continue;
      const bool expected = other == first || other == second;
      EXPECT_EQ(linked(centreline(rings[other]), centreline(rings[c])), expected) << c << " " << other;
      EXPECT_EQ(linked(centreline(rings[c]), centreline(rings[other])), expected) << c << " " << other;
    }
  }
}

TEST(ChainmailLattice, TooSmallASpacingOverlaps) {
  ChainmailLattice lattice = paper_lattice(10, 10);
  lattice.spacing = 2.1;  // flat neighbours 2.1 apart: tubes 0.1 deep into each other
  EXPECT_LT(chainmail_min_separation(lattice), 0.0);
  lattice.spacing = 2.3;  // flat neighbours clear by 0.1, connectors still threaded
  EXPECT_GT(chainmail_min_separation(lattice), 0.0);
  EXPECT_EQ(chainmail_min_separation(paper_lattice(1, 1)), std::numeric_limits<double>::infinity());
}

}  // namespace
}  // namespace relcp::particles
