// Constraint rows: the gap rate row . U equals the central finite difference of phi along the
// rigid motion with velocities U, and a row's force and torque balance between the bodies.

#include <gtest/gtest.h>

#include <functional>
#include <random>

#include "geometry/rows/constraint_row.hpp"
#include "geometry/multisphere/multisphere.hpp"
#include "geometry/shapes/quaternion_kinematics.hpp"
#include "geometry/separation/signed_separation.hpp"
#include "geometry/separation/torus_separation.hpp"
#include "torus_test_support.hpp"

namespace relcp::geometry {
namespace {

using PairSeparation = std::function<SignedSeparation(const Pose&, const Pose&)>;

struct BodyVelocity {
  Vec3 linear;
  Vec3 angular;
};

BodyVelocity random_velocity(std::mt19937& random) {
  std::normal_distribution<double> normal(0.0, 1.0);
  return {Vec3(normal(random), normal(random), normal(random)), Vec3(normal(random), normal(random), normal(random))};
}

// (phi(t + dt) - phi(t - dt)) / (2 dt) against row . U, for `trials` configurations drawn by
// `draw` whose phi lies in [phi_low, phi_high] (near contact, away from the deep-overlap kinks).
void expect_row_is_gap_rate(const PairSeparation& separation,
                            const std::function<std::pair<Pose, Pose>(std::mt19937&)>& draw, double phi_low,
                            double phi_high, std::uint32_t seed) {
  std::mt19937 random(seed);
  constexpr double kStep = 1e-5;
  int tested = 0;
  for (int attempt = 0; attempt < 2000 && tested < 15; ++attempt) {
    const auto [pose_a, pose_b] = draw(random);
    const SignedSeparation now = separation(pose_a, pose_b);
    if (now.phi < phi_low || now.phi > phi_high) continue;
    ++tested;
    const BodyVelocity va = random_velocity(random);
    const BodyVelocity vb = random_velocity(random);
    const auto phi_at = [&](double dt) {
      return separation(advance_pose(pose_a, va.linear, va.angular, dt),
                        advance_pose(pose_b, vb.linear, vb.angular, dt))
          .phi;
    };
    const double difference = (phi_at(kStep) - phi_at(-kStep)) / (2.0 * kStep);
    const PairConstraintRow row = pair_constraint_row(now, pose_a.position, pose_b.position);
    SCOPED_TRACE(attempt);
    EXPECT_NEAR(row.rate(va.linear, va.angular, vb.linear, vb.angular), difference, 1e-6);
  }
  EXPECT_EQ(tested, 15) << "too few configurations near contact";
}

std::function<std::pair<Pose, Pose>(std::mt19937&)> random_pair(double spread) {
  return [spread](std::mt19937& random) {
    return std::pair{test::random_pose(random, 0.1), test::random_pose(random, spread)};
  };
}

TEST(ConstraintRow, SphereSphereClosedForm) {
  const auto separation = [](const Pose& a, const Pose& b) {
    const Vec3 difference = b.position - a.position;
    SignedSeparation s;
    s.normal = difference.normalized();
    s.phi = difference.norm() - 0.5 - 0.7;
    s.point_a = a.position + 0.5 * s.normal;
    s.point_b = b.position - 0.7 * s.normal;
    return s;
  };
  expect_row_is_gap_rate(separation, random_pair(1.5), -0.5, 0.5, 1);
}

TEST(ConstraintRow, TorusTorus) {
  const Torus a{1.0, 0.1}, b{0.8, 0.15};
  const auto separation = [&](const Pose& pa, const Pose& pb) { return torus_torus_separation(a, pa, b, pb, {}); };
  expect_row_is_gap_rate(separation, random_pair(1.2), -0.1, 0.3, 2);
}

TEST(ConstraintRow, TorusEllipsoid) {
  const Torus torus{1.0, 0.1};
  const Ellipsoid ellipsoid{Vec3(0.6, 0.4, 0.9)};
  const auto separation = [&](const Pose& pa, const Pose& pb) {
    return torus_convex_separation(torus, pa, ellipsoid, pb, {});
  };
  expect_row_is_gap_rate(separation, random_pair(1.8), -0.1, 0.3, 3);
}

TEST(ConstraintRow, TorusSpherocylinder) {
  const Torus torus{1.0, 0.1};
  const Spherocylinder rod{0.2, 1.5};
  const auto separation = [&](const Pose& pa, const Pose& pb) {
    return torus_convex_separation(torus, pa, rod, pb, {});
  };
  expect_row_is_gap_rate(separation, random_pair(1.8), -0.1, 0.3, 4);
}

TEST(ConstraintRow, TorusSphere) {
  const Torus torus{1.0, 0.1};
  const auto separation = [&](const Pose& pa, const Pose& pb) {
    return torus_convex_separation(torus, pa, Sphere{0.5}, pb, {});
  };
  expect_row_is_gap_rate(separation, random_pair(1.8), -0.1, 0.3, 5);
}

// Through the dispatcher, each ordered pair of shapes (the torus as B exercises the swap).
TEST(ConstraintRow, EveryShapePairThroughTheDispatcher) {
  const std::vector<Shape> shapes{Sphere{0.5}, Ellipsoid{Vec3(0.5, 0.7, 1.1)}, Spherocylinder{0.3, 1.2},
                                  Torus{1.0, 0.15}};
  std::uint32_t seed = 10;
  for (const Shape& a : shapes) {
    for (const Shape& b : shapes) {
      const auto separation = [&](const Pose& pa, const Pose& pb) { return signed_separation(a, pa, b, pb); };
      SCOPED_TRACE(testing::Message() << "shapes " << a.index() << " " << b.index());
      expect_row_is_gap_rate(separation, random_pair(2.2), -0.1, 0.3, seed++);
    }
  }
}

TEST(ConstraintRow, MultisphereRowsUseTheParentCentres) {
  // Sub-sphere contacts move rigidly with their parents; the lever arms reach from the parent
  // centres, so the row is still the gap rate of the sub-sphere pair.
  const auto spheres_a = multisphere_decomposition(Ellipsoid{Vec3(0.5, 0.5, 1.0)}, 5);
  const auto spheres_b = multisphere_decomposition(Spherocylinder{0.25, 2.0}, 7);
  const auto separation = [&](const Pose& pa, const Pose& pb) {
    const SubSphere sa = to_lab(spheres_a, pa)[0];
    const SubSphere sb = to_lab(spheres_b, pb)[6];
    return signed_separation(Sphere{sa.radius}, Pose{sa.centre, Quaternion::Identity()}, Sphere{sb.radius},
                             Pose{sb.centre, Quaternion::Identity()});
  };
  expect_row_is_gap_rate(separation, random_pair(2.5), -0.1, 0.3, 30);
}

TEST(ConstraintRow, TorusWallRowIsTheGapRate) {
  std::mt19937 random(6);
  const Torus torus{1.0, 0.2};
  const HalfSpace wall{Vec3(0.1, 0.0, -0.3), Vec3(0.2, 0.1, 1.0).normalized()};
  constexpr double kStep = 1e-5;
  for (int trial = 0; trial < 15; ++trial) {
    const Pose pose = test::random_pose(random, 0.5);
    const BodyVelocity v = random_velocity(random);
    const auto phi_at = [&](double dt) {
      return torus_wall_separation(torus, advance_pose(pose, v.linear, v.angular, dt), wall, {}).phi;
    };
    const WallConstraintRow row = wall_constraint_row(torus_wall_separation(torus, pose, wall, {}), pose.position);
    EXPECT_NEAR(row.rate(v.linear, v.angular), (phi_at(kStep) - phi_at(-kStep)) / (2.0 * kStep), 1e-6);
  }
}

TEST(ConstraintRow, ForcesAndTorquesBalance) {
  // Read as a column of D, the row's entries are the force and torque of a unit multiplier on
  // each body; action and reaction cancel, and so do the torques about any point.
  std::mt19937 random(8);
  const Torus a{1.0, 0.1}, b{0.9, 0.12};
  for (int trial = 0; trial < 10; ++trial) {
    const Pose pose_a = test::random_pose(random, 1.0), pose_b = test::random_pose(random, 1.0);
    const SignedSeparation s = torus_torus_separation(a, pose_a, b, pose_b, {});
    const PairConstraintRow row = pair_constraint_row(s, pose_a.position, pose_b.position);
    const Vec3 force_a = row.values.segment<3>(0), torque_a = row.values.segment<3>(3);
    const Vec3 force_b = row.values.segment<3>(6), torque_b = row.values.segment<3>(9);
    EXPECT_LT((force_a + s.normal).norm(), 1e-15);
    EXPECT_LT((force_a + force_b).norm(), 1e-15);
    const Vec3 total_torque = torque_a + pose_a.position.cross(force_a) + torque_b + pose_b.position.cross(force_b);
    EXPECT_LT(total_torque.norm(), 1e-12);
  }
}

}  // namespace
}  // namespace relcp::geometry
