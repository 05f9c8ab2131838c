#include <gtest/gtest.h>

#include <algorithm>
#include <ostream>
#include <random>
#include <string>
#include <variant>
#include <vector>

#include "geometry/shapes/shape_properties.hpp"
#include "geometry/separation/signed_separation.hpp"
#include "geometry/shapes/support_function.hpp"
#include "support/shape_sampling.hpp"

namespace relcp::geometry {
namespace {

using testing::random_rotation;
using testing::random_unit;

// Phi(nu) = (x_b - x_a).nu - h_a(nu) - h_b(-nu): every unit nu gives a lower bound of the SNSD.
double shared_normal_gap(const Shape& a, const Pose& pose_a, const Shape& b, const Pose& pose_b, const Vec3& nu) {
  return (pose_b.position - pose_a.position).dot(nu) - ConvexSupport::of(a, pose_a.orientation).value(nu) -
         ConvexSupport::of(b, pose_b.orientation).value(-nu);
}

double sampled_maximum(const Shape& a, const Pose& pose_a, const Shape& b, const Pose& pose_b,
                       const std::vector<Vec3>& directions) {
  const ConvexSupport support_a = ConvexSupport::of(a, pose_a.orientation);
  const ConvexSupport support_b = ConvexSupport::of(b, pose_b.orientation);
  const Vec3 offset = pose_b.position - pose_a.position;
  double best = -1e300;
  for (const Vec3& nu : directions) {
    best = std::max(best, offset.dot(nu) - support_a.value(nu) - support_b.value(-nu));
  }
  return best;
}

double sampled_surface_distance(const Shape& a, const Pose& pose_a, const Shape& b, const Pose& pose_b) {
  const std::vector<Vec3> points_a = testing::surface_points(a, pose_a, 1500);
  const std::vector<Vec3> points_b = testing::surface_points(b, pose_b, 1500);
  double best = 1e300;
  for (const Vec3& p : points_a) {
    for (const Vec3& q : points_b) best = std::min(best, (q - p).squaredNorm());
  }
  return std::sqrt(best);
}

struct NamedShape {
  std::string name;
  Shape shape;
};

std::vector<NamedShape> convex_shapes() {
  return {{"Sphere", Sphere{0.6}},
          {"ProlateEllipsoid", Ellipsoid{Vec3(0.5, 1.0, 2.0)}},
          {"OblateEllipsoid", Ellipsoid{Vec3(1.5, 1.0, 0.3)}},
          {"Spherocylinder", Spherocylinder{0.4, 2.0}}};
}

struct ShapePair {
  NamedShape a;
  NamedShape b;
};

void PrintTo(const ShapePair& pair, std::ostream* os) { *os << pair.a.name << "-" << pair.b.name; }

std::vector<ShapePair> all_pairs() {
  std::vector<ShapePair> pairs;
  for (const NamedShape& a : convex_shapes()) {
    for (const NamedShape& b : convex_shapes()) pairs.push_back({a, b});
  }
  return pairs;
}

class ConvexPairSeparation : public ::testing::TestWithParam<ShapePair> {
 protected:
  // Random relative poses at centre distances from deep overlap to well separated.
  std::pair<Pose, Pose> random_poses(std::mt19937_64& rng) const {
    const double reach = bounding_radius(shape_a()) + bounding_radius(shape_b());
    std::uniform_real_distribution<double> distance(0.05 * reach, 1.2 * reach);
    const Pose pose_a{testing::random_vector(rng, 3.0), random_rotation(rng)};
    const Pose pose_b{pose_a.position + distance(rng) * random_unit(rng), random_rotation(rng)};
    return {pose_a, pose_b};
  }
  const Shape& shape_a() const { return GetParam().a.shape; }
  const Shape& shape_b() const { return GetParam().b.shape; }
  double scale() const { return bounding_radius(shape_a()) + bounding_radius(shape_b()); }
};

TEST_P(ConvexPairSeparation, IsTheGlobalMaximumOfTheSharedNormalGap) {
  std::mt19937_64 rng(31);
  const std::vector<Vec3> directions = testing::fibonacci_sphere(20000);
  int separated = 0;
  int overlapping = 0;
  for (int trial = 0; trial < 40; ++trial) {
    const auto [pose_a, pose_b] = random_poses(rng);
    const SignedSeparation s = signed_separation(shape_a(), pose_a, shape_b(), pose_b);
    ASSERT_TRUE(s.converged) << "trial " << trial;
    (s.phi > 0.0 ? separated : overlapping) += 1;
    EXPECT_NEAR(s.normal.norm(), 1.0, 1e-14);
    // phi is attained by the reported normal, and no sampled normal does better.
    EXPECT_NEAR(shared_normal_gap(shape_a(), pose_a, shape_b(), pose_b, s.normal), s.phi, 1e-10 * scale());
    EXPECT_GE(s.phi, sampled_maximum(shape_a(), pose_a, shape_b(), pose_b, directions) - 1e-12)
        << "trial " << trial << " missed the global maximum";
  }
  EXPECT_GE(separated, 5);
  EXPECT_GE(overlapping, 5);
}

TEST_P(ConvexPairSeparation, ContactPointsLieOnTheSurfacesWithTheSharedNormal) {
  std::mt19937_64 rng(32);
  for (int trial = 0; trial < 40; ++trial) {
    const auto [pose_a, pose_b] = random_poses(rng);
    const SignedSeparation s = signed_separation(shape_a(), pose_a, shape_b(), pose_b);
    ASSERT_TRUE(s.converged);
    EXPECT_LE((s.point_b - s.point_a - s.phi * s.normal).norm(), 1e-9 * scale());
    EXPECT_NEAR(testing::surface_residual(shape_a(), pose_a, s.point_a), 0.0, 1e-12 * scale());
    EXPECT_NEAR(testing::surface_residual(shape_b(), pose_b, s.point_b), 0.0, 1e-12 * scale());
    EXPECT_LE((testing::outward_normal(shape_a(), pose_a, s.point_a) - s.normal).norm(), 1e-7);
    EXPECT_LE((testing::outward_normal(shape_b(), pose_b, s.point_b) + s.normal).norm(), 1e-7);
  }
}

TEST_P(ConvexPairSeparation, SeparatedDistanceIsBelowEverySampledSurfaceDistance) {
  std::mt19937_64 rng(33);
  int checked = 0;
  for (int attempt = 0; attempt < 1000 && checked < 3; ++attempt) {
    const auto [pose_a, pose_b] = random_poses(rng);
    const SignedSeparation s = signed_separation(shape_a(), pose_a, shape_b(), pose_b);
    if (s.phi <= 0.0) continue;
    ++checked;
    const double sampled = sampled_surface_distance(shape_a(), pose_a, shape_b(), pose_b);
    EXPECT_LE(s.phi, sampled + 1e-12);
    EXPECT_GE(s.phi, sampled - 0.1 * scale());
  }
  EXPECT_EQ(checked, 3);
}

TEST_P(ConvexPairSeparation, IsInvariantUnderACommonRigidMotion) {
  std::mt19937_64 rng(34);
  for (int trial = 0; trial < 40; ++trial) {
    const auto [pose_a, pose_b] = random_poses(rng);
    const Quaternion turn = random_rotation(rng);
    const Vec3 shift = testing::random_vector(rng, 10.0);
    const auto moved = [&](const Pose& p) { return Pose{turn * p.position + shift, turn * p.orientation}; };
    const SignedSeparation s = signed_separation(shape_a(), pose_a, shape_b(), pose_b);
    const SignedSeparation m = signed_separation(shape_a(), moved(pose_a), shape_b(), moved(pose_b));
    ASSERT_TRUE(m.converged);
    EXPECT_NEAR(m.phi, s.phi, 1e-10 * scale());
    EXPECT_LE((m.normal - turn * s.normal).norm(), 1e-6);
    EXPECT_LE((m.point_a - (turn * s.point_a + shift)).norm(), 1e-6 * scale());
    EXPECT_LE((m.point_b - (turn * s.point_b + shift)).norm(), 1e-6 * scale());
  }
}

TEST_P(ConvexPairSeparation, IsSymmetricInTheTwoBodies) {
  std::mt19937_64 rng(35);
  for (int trial = 0; trial < 40; ++trial) {
    const auto [pose_a, pose_b] = random_poses(rng);
    const SignedSeparation ab = signed_separation(shape_a(), pose_a, shape_b(), pose_b);
    const SignedSeparation ba = signed_separation(shape_b(), pose_b, shape_a(), pose_a);
    ASSERT_TRUE(ba.converged);
    EXPECT_NEAR(ab.phi, ba.phi, 1e-10 * scale());
    EXPECT_LE((ab.normal + ba.normal).norm(), 1e-6);
    EXPECT_LE((ab.point_a - ba.point_b).norm(), 1e-6 * scale());
    EXPECT_LE((ab.point_b - ba.point_a).norm(), 1e-6 * scale());
  }
}

INSTANTIATE_TEST_SUITE_P(AllConvexPairs, ConvexPairSeparation, ::testing::ValuesIn(all_pairs()),
                         [](const ::testing::TestParamInfo<ShapePair>& param_info) {
                           return param_info.param.a.name + "_" + param_info.param.b.name;
                         });

// signed_separation_below: either the exact separation, or a lower bound that already
// reaches the threshold (then the exact value does too); only pairs with an ellipsoid use it.
TEST_P(ConvexPairSeparation, BelowAThresholdIsExactOrABoundAboveIt) {
  std::mt19937_64 rng(58);
  const bool with_ellipsoid =
      std::holds_alternative<Ellipsoid>(shape_a()) || std::holds_alternative<Ellipsoid>(shape_b());
  int bounds = 0;
  int exact = 0;
  for (int trial = 0; trial < 300; ++trial) {
    const auto [pose_a, pose_b] = random_poses(rng);
    const double threshold = (trial % 3 == 0 ? 0.0 : 0.1) * scale();
    const SignedSeparation full = signed_separation(shape_a(), pose_a, shape_b(), pose_b);
    const SignedSeparation below = signed_separation_below(shape_a(), pose_a, shape_b(), pose_b, threshold);
    if (below.bound_only) {
      ++bounds;
      EXPECT_TRUE(with_ellipsoid);
      EXPECT_GE(below.phi, threshold);
      EXPECT_LE(below.phi, full.phi + 1e-12 * scale());
      const Vec3 centre_line = (pose_b.position - pose_a.position).normalized();
      EXPECT_NEAR(below.phi, shared_normal_gap(shape_a(), pose_a, shape_b(), pose_b, centre_line), 1e-12 * scale());
    } else {
      ++exact;
      EXPECT_EQ(below.phi, full.phi);
      EXPECT_EQ(below.normal, full.normal);
      EXPECT_EQ(below.point_a, full.point_a);
      EXPECT_EQ(below.point_b, full.point_b);
      if (full.phi < threshold) continue;
      // An exact answer above the threshold: the centre-line bound fell short of it.
      EXPECT_TRUE(!with_ellipsoid || shared_normal_gap(shape_a(), pose_a, shape_b(), pose_b,
                                                       (pose_b.position - pose_a.position).normalized()) < threshold);
    }
  }
  EXPECT_GT(exact, 0);
  if (with_ellipsoid) {
    EXPECT_GT(bounds, 0);
  }
}

// Torus pairs: the bounding-ball bound, never above the exact phi, and the exact separation
// whenever the bound falls below the threshold (always against a sphere: a closed form).
TEST(SignedSeparation, BelowAThresholdTorusPairsAreExactOrABallBoundAboveIt) {
  std::mt19937_64 rng(59);
  const Torus ring{1.0, 0.1};
  const std::vector<Shape> others{Sphere{0.4}, Ellipsoid{Vec3(0.5, 0.7, 1.2)}, Spherocylinder{0.2, 1.5},
                                  Torus{0.8, 0.2}};
  for (const Shape& other : others) {
    int bounds = 0, exact = 0;
    for (int trial = 0; trial < 400; ++trial) {
      const Pose pose_t{Vec3::Zero(), random_rotation(rng)};
      const Pose pose_o{std::uniform_real_distribution<double>(0.0, 4.0)(rng) * random_unit(rng), random_rotation(rng)};
      const double threshold = trial % 4 == 0 ? -0.2 : 0.2;
      const bool torus_first = trial % 2 == 0;
      const SignedSeparation full =
          torus_first ? signed_separation(ring, pose_t, other, pose_o) : signed_separation(other, pose_o, ring, pose_t);
      const SignedSeparation below = torus_first ? signed_separation_below(ring, pose_t, other, pose_o, threshold)
                                                 : signed_separation_below(other, pose_o, ring, pose_t, threshold);
      if (below.bound_only) {
        ++bounds;
        EXPECT_GE(below.phi, threshold);
        EXPECT_LE(below.phi, full.phi + 1e-12);
        EXPECT_NEAR((below.point_b - below.point_a).dot(below.normal), below.phi, 1e-12);
      } else {
        ++exact;
        EXPECT_EQ(below.phi, full.phi);
        EXPECT_EQ(below.normal, full.normal);
      }
    }
    if (std::holds_alternative<Sphere>(other)) {
      EXPECT_EQ(bounds, 0);  // the exact separation is the closed form
    } else {
      EXPECT_GT(bounds, 50) << other.index();
    }
    EXPECT_GT(exact, 50) << other.index();
  }
}

TEST(SignedSeparation, BelowAThresholdIsExactForCoincidentCentres) {
  std::mt19937_64 rng(60);
  const Ellipsoid ellipsoid{Vec3(0.5, 0.7, 1.2)};
  const Pose same{Vec3(1, 2, 3), random_rotation(rng)};
  const SignedSeparation centred = signed_separation_below(ellipsoid, same, ellipsoid, same, -10.0);
  EXPECT_FALSE(centred.bound_only);
  EXPECT_LT(centred.phi, 0.0);
}

TEST(SignedSeparation, SphereSphereIsClosedForm) {
  const Pose a{Vec3(1.0, 2.0, 3.0), Quaternion::Identity()};
  std::mt19937_64 rng(1);
  const Pose b{Vec3(1.0, 2.0, 4.5), random_rotation(rng)};
  const SignedSeparation s = signed_separation(Sphere{1.0}, a, Sphere{0.7}, b);
  EXPECT_TRUE(s.converged);
  EXPECT_DOUBLE_EQ(s.phi, -0.2);
  EXPECT_LE((s.normal - Vec3::UnitZ()).norm(), 1e-15);
  EXPECT_LE((s.point_a - Vec3(1.0, 2.0, 4.0)).norm(), 1e-15);
  EXPECT_LE((s.point_b - Vec3(1.0, 2.0, 3.8)).norm(), 1e-15);
}

TEST(SignedSeparation, DeepOverlapIsMinusThePenetrationDepthNotTheFarSide) {
  // docs/geometry.md, "Semantics": two spheres d apart have Phi = d - 2r, not -(d + 2r).
  const SignedSeparation s =
      signed_separation(Sphere{1.0}, Pose{}, Sphere{1.0}, Pose{Vec3(0.5, 0.0, 0.0), Quaternion::Identity()});
  EXPECT_DOUBLE_EQ(s.phi, -1.5);
  // The same for an ellipsoid holding a small sphere near its centre: the sphere leaves through
  // the nearest side, along the shortest semi-axis.
  const SignedSeparation e = signed_separation(Ellipsoid{Vec3(3.0, 2.0, 1.0)}, Pose{}, Sphere{0.1},
                                               Pose{Vec3(0.0, 0.0, 0.05), Quaternion::Identity()});
  ASSERT_TRUE(e.converged);
  EXPECT_NEAR(e.phi, -(1.0 - 0.05) - 0.1, 1e-10);
  EXPECT_LE((e.normal - Vec3::UnitZ()).norm(), 1e-8);
}

TEST(SignedSeparation, TorusPairsAreSwappedAndFlipped) {
  std::mt19937_64 rng(36);
  const Torus ring{1.0, 0.1};
  for (const NamedShape& convex : convex_shapes()) {
    for (int trial = 0; trial < 5; ++trial) {
      const Pose pose_t{Vec3::Zero(), random_rotation(rng)};
      const Pose pose_c{1.5 * random_unit(rng), random_rotation(rng)};
      const SignedSeparation tc = signed_separation(ring, pose_t, convex.shape, pose_c);
      const SignedSeparation ct = signed_separation(convex.shape, pose_c, ring, pose_t);
      EXPECT_EQ(ct.phi, tc.phi);
      EXPECT_EQ(ct.point_a, tc.point_b);
      EXPECT_EQ(ct.point_b, tc.point_a);
      EXPECT_EQ(ct.normal, Vec3(-tc.normal));
      EXPECT_EQ(ct.converged, tc.converged);
    }
  }
}

}  // namespace
}  // namespace relcp::geometry
