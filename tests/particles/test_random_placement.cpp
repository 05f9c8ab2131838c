#include <gtest/gtest.h>

#include "core/error.hpp"
#include "geometry/shapes/shape_properties.hpp"
#include "particles/morton_order.hpp"
#include "particles/random_placement.hpp"

namespace relcp::particles {
namespace {

RandomPlacement rods_in_box(std::int64_t count, std::uint64_t seed) {
  RandomPlacement placement;
  placement.count = count;
  placement.lower = Vec3(-10, -10, -10);
  placement.upper = Vec3(10, 10, 10);
  placement.shape = geometry::Spherocylinder{0.25, 1.5};
  placement.min_gap = 0.1;
  placement.seed = seed;
  placement.first_id = 7;
  return placement;
}

// Smallest (bounding-sphere separation - min_gap) over all pairs; >= 0 means no violation.
double smallest_clearance(const std::vector<Body>& bodies, const Domain& domain, double min_gap) {
  double smallest = 1e300;
  for (std::size_t i = 0; i < bodies.size(); ++i) {
    for (std::size_t j = i + 1; j < bodies.size(); ++j) {
      const double distance = domain.minimum_image(bodies[j].pose.position - bodies[i].pose.position).norm();
      const double reach =
          geometry::bounding_radius(bodies[i].shape) + geometry::bounding_radius(bodies[j].shape) + min_gap;
      smallest = std::min(smallest, distance - reach);
    }
  }
  return smallest;
}

TEST(RandomPlacement, PlacesCountBodiesInTheRegionWithoutOverlapAndWithConsecutiveIds) {
  const RandomPlacement placement = rods_in_box(400, 11);
  const std::vector<Body> bodies = place_random_bodies(placement, Domain{});
  ASSERT_EQ(bodies.size(), 400u);
  for (std::size_t k = 0; k < bodies.size(); ++k) {
    EXPECT_EQ(bodies[k].id, 7 + static_cast<GlobalId>(k));
    EXPECT_TRUE((bodies[k].pose.position.array() >= placement.lower.array()).all());
    EXPECT_TRUE((bodies[k].pose.position.array() <= placement.upper.array()).all());
    EXPECT_NEAR(bodies[k].pose.orientation.norm(), 1.0, 1e-12);
  }
  EXPECT_GE(smallest_clearance(bodies, Domain{}, placement.min_gap), 0.0);
}

TEST(RandomPlacement, NumbersTheBodiesAlongAMortonCurveOfTheirCentres) {
  const std::vector<Body> bodies = place_random_bodies(rods_in_box(400, 5), Domain{});
  std::vector<Vec3> centres;
  for (const Body& body : bodies) centres.push_back(body.pose.position);
  const std::vector<std::size_t> order = morton_order(centres);
  for (std::size_t k = 0; k < order.size(); ++k) EXPECT_EQ(order[k], k);
}

TEST(RandomPlacement, SameSeedGivesTheSameBodiesAndAnotherSeedDifferentOnes) {
  const auto first = place_random_bodies(rods_in_box(100, 3), Domain{});
  const auto again = place_random_bodies(rods_in_box(100, 3), Domain{});
  const auto other = place_random_bodies(rods_in_box(100, 4), Domain{});
  for (std::size_t k = 0; k < first.size(); ++k) {
    EXPECT_EQ(first[k].pose.position, again[k].pose.position);
    EXPECT_EQ(first[k].pose.orientation.coeffs(), again[k].pose.orientation.coeffs());
  }
  EXPECT_NE(first[0].pose.position, other[0].pose.position);
}

TEST(RandomPlacement, RandomOrientationsCoverTheSphereEvenly) {
  RandomPlacement placement = rods_in_box(4000, 5);
  placement.lower = Vec3::Constant(-100);
  placement.upper = Vec3::Constant(100);
  const auto bodies = place_random_bodies(placement, Domain{});
  Vec3 mean_axis = Vec3::Zero();
  Mat3 second_moment = Mat3::Zero();
  for (const Body& body : bodies) {
    const Vec3 axis = body.pose.orientation * Vec3::UnitZ();
    mean_axis += axis / 4000.0;
    second_moment += axis * axis.transpose() / 4000.0;
  }
  EXPECT_LT(mean_axis.norm(), 0.05);
  // Isotropic: <t t^T> = I / 3.
  EXPECT_LT((second_moment - Mat3::Identity() / 3.0).cwiseAbs().maxCoeff(), 0.03);
}

TEST(RandomPlacement, FixedOrientationIsKept) {
  RandomPlacement placement = rods_in_box(20, 5);
  placement.orientation = OrientationMode::fixed;
  placement.fixed_orientation = Quaternion(Eigen::AngleAxisd(0.3, Vec3::UnitY()));
  for (const Body& body : place_random_bodies(placement, Domain{})) {
    EXPECT_TRUE(body.pose.orientation.isApprox(placement.fixed_orientation, 1e-14));
  }
}

TEST(RandomPlacement, RespectsPeriodicImagesAndExistingBodies) {
  Domain domain;
  domain.lower = Vec3(0, 0, 0);
  domain.upper = Vec3(8, 8, 8);
  domain.periodic = {true, true, true};
  std::vector<Body> existing(1);
  existing[0].id = 0;
  existing[0].shape = geometry::Sphere{2.0};
  existing[0].pose.position = Vec3(0.2, 7.9, 4.0);  // straddles two periodic faces

  RandomPlacement placement;
  placement.count = 150;
  placement.lower = domain.lower;
  placement.upper = domain.upper;
  placement.shape = geometry::Sphere{0.4};
  placement.min_gap = 0.05;
  placement.seed = 9;
  placement.first_id = 1;
  std::vector<Body> all = existing;
  const auto placed = place_random_bodies(placement, domain, existing);
  all.insert(all.end(), placed.begin(), placed.end());
  EXPECT_GE(smallest_clearance(all, domain, placement.min_gap), 0.0);
}

TEST(RandomPlacement, ThrowsWhenTheRegionCannotHoldTheBodies) {
  RandomPlacement placement = rods_in_box(100, 1);
  placement.lower = Vec3::Zero();
  placement.upper = Vec3(2, 2, 2);
  placement.max_attempts_per_body = 200;
  EXPECT_THROW(place_random_bodies(placement, Domain{}), InputError);
  placement.upper = Vec3(-1, 2, 2);
  EXPECT_THROW(place_random_bodies(placement, Domain{}), InputError);
}

}  // namespace
}  // namespace relcp::particles
