// The pruned centreline search of the torus separations (periodic_minima.hpp: Lipschitz bounds
// skip the arcs that cannot come below the cut) against the full 256-sample search it replaces,
// on random poses of every torus pair type: the same global minimum to the last bit, and with
// a threshold the same contacts below it. RELCP_TORUS_STRESS_POSES sets the poses per pair type
// (default 4000; docs/benchmarks.md reports a run with 10^5).

#include <gtest/gtest.h>

#include <cstdlib>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "geometry/distance/circle.hpp"
#include "geometry/distance/circle_distance.hpp"
#include "geometry/distance/periodic_minima.hpp"
#include "geometry/distance/point_convex_projection.hpp"
#include "geometry/shapes/shape_properties.hpp"
#include "geometry/separation/torus_local_minima.hpp"
#include "geometry/separation/torus_separation.hpp"
#include "torus_test_support.hpp"

namespace relcp::geometry {
namespace {

int poses_per_pair() {
  const char* value = std::getenv("RELCP_TORUS_STRESS_POSES");
  return value != nullptr ? std::max(1, std::atoi(value)) : 4000;
}

PeriodicMinimaOptions full_search() {
  PeriodicMinimaOptions options;
  options.samples = 256;
  options.angle_tolerance = 1e-2 * SeparationOptions{}.tolerance;
  options.max_iterations = SeparationOptions{}.max_iterations;
  return options;
}

// Every local minimum of phi by the unpruned search (the code before pruning), deepest first.
std::vector<double> reference_phis(const Torus& torus, const Pose& pose, const Shape& other, const Pose& other_pose) {
  std::vector<double> phis;
  const Circle centreline = torus_centreline(torus, pose);
  if (const auto* ring = std::get_if<Torus>(&other)) {
    const Circle other_line = torus_centreline(*ring, other_pose);
    for (const CirclePairMinimum& minimum : circle_circle_local_minima(centreline, other_line, full_search())) {
      phis.push_back((centreline.point(minimum.angle_a) - other_line.point(minimum.angle_b)).norm() -
                     torus.minor_radius - ring->minor_radius);
    }
    return phis;
  }
  const auto signed_distance = [&](double angle) {
    const SurfaceProjection projection = project_onto_convex_surface(other, other_pose, centreline.point(angle));
    return ValueAndSlope{projection.signed_distance, projection.outward_normal.dot(centreline.tangent(angle))};
  };
  PeriodicMinimaOptions options = full_search();
  options.flat_tolerance = 1e-13 * (centreline.radius + (other_pose.position - pose.position).norm());
  for (const AngleMinimum& minimum : periodic_local_minima(signed_distance, options)) {
    phis.push_back(project_onto_convex_surface(other, other_pose, centreline.point(minimum.angle)).signed_distance -
                   torus.minor_radius);
  }
  return phis;
}

std::vector<SignedSeparation> pruned_contacts(const Torus& torus, const Pose& pose, const Shape& other,
                                              const Pose& other_pose, double threshold) {
  if (const auto* ring = std::get_if<Torus>(&other)) {
    return torus_torus_local_minima(torus, pose, *ring, other_pose, threshold);
  }
  return torus_convex_local_minima(torus, pose, other, other_pose, threshold);
}

class TorusPrunedSearch : public ::testing::TestWithParam<std::pair<std::string, Shape>> {};

TEST_P(TorusPrunedSearch, FindsWhatTheFullSearchFinds) {
  const Torus torus{1.0, 0.2};
  const Shape& other = GetParam().second;
  std::mt19937 random(17);
  const double reach = bounding_radius(torus) + bounding_radius(other);
  std::uniform_real_distribution<double> distance(0.0, 1.1 * reach);
  int with_contacts = 0;
  for (int trial = 0; trial < poses_per_pair(); ++trial) {
    const Pose pose{Vec3::Zero(), test::random_orientation(random)};
    Vec3 direction = test::random_pose(random, 1.0).position.normalized();
    const Pose other_pose{distance(random) * direction, test::random_orientation(random)};
    const std::vector<double> reference = reference_phis(torus, pose, other, other_pose);
    const SignedSeparation global = std::holds_alternative<Torus>(other)
                                        ? torus_torus_separation(torus, pose, std::get<Torus>(other), other_pose, {})
                                        : torus_convex_separation(torus, pose, other, other_pose, {});
    ASSERT_EQ(global.phi, reference.front()) << "trial " << trial;

    const double threshold = 0.1;
    const std::vector<SignedSeparation> below = pruned_contacts(torus, pose, other, other_pose, threshold);
    std::vector<double> expected;
    for (const double phi : reference) {
      if (phi < threshold) expected.push_back(phi);
    }
    ASSERT_EQ(below.size(), expected.size()) << "trial " << trial;
    for (std::size_t k = 0; k < below.size(); ++k) EXPECT_EQ(below[k].phi, expected[k]) << "trial " << trial;
    with_contacts += below.empty() ? 0 : 1;
  }
  EXPECT_GT(with_contacts, poses_per_pair() / 10);
}

INSTANTIATE_TEST_SUITE_P(TorusPairs, TorusPrunedSearch,
                         ::testing::Values(std::pair<std::string, Shape>{"ellipsoid", Ellipsoid{Vec3(0.5, 0.5, 1.0)}},
                                           std::pair<std::string, Shape>{"spherocylinder", Spherocylinder{0.25, 2.0}},
                                           std::pair<std::string, Shape>{"torus", Torus{0.8, 0.15}}),
                         [](const auto& param_info) { return param_info.param.first; });

}  // namespace
}  // namespace relcp::geometry
