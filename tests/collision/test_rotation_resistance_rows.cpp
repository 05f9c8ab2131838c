// Rolling and spinning resistance on the constraint rows (collision/assembly/friction_rows):
// which rows a contact gets, what they measure (the relative rotation rate about the tangents
// and the normal, times the effective radius) and the cones read back from a ConstraintSet.

#include <gtest/gtest.h>

#include <stdexcept>

#include "collision/assembly/constraint_set.hpp"
#include "collision/assembly/friction_rows.hpp"

namespace relcp::collision {
namespace {

using Velocities = Eigen::Matrix<double, 12, 1>;

// Spheres of radii 1 (A at the origin) and 2 (B at (3, 0, 0)) touching at (1, 0, 0).
ConstraintRecord sphere_pair() {
  geometry::SignedSeparation contact;
  contact.point_a = Vec3(1, 0, 0);
  contact.point_b = Vec3(1, 0, 0);
  contact.normal = Vec3::UnitX();
  return pair_constraint(0, 1, contact, Vec3::Zero(), Vec3(3, 0, 0));
}

// A sphere of radius 1 at (0, 0, 1) on wall 0 (the plane z = 0).
ConstraintRecord sphere_on_wall() {
  geometry::SignedSeparation contact;
  contact.point_a = Vec3(0, 0, 0);
  contact.point_b = Vec3(0, 0, 0);
  contact.normal = Vec3(0, 0, -1);
  return wall_constraint(2, 0, contact, Vec3(0, 0, 1));
}

FrictionCoefficients coefficients(double mu, double rolling, double spinning) {
  FrictionCoefficients c;
  c.sliding.pairs = mu;
  c.rolling.pairs = rolling;
  c.spinning.pairs = spinning;
  return c;
}

TEST(RotationResistanceRows, EffectiveRadiusIsTheHarmonicCombinationOfTheLeverArms) {
  EXPECT_NEAR(effective_radius(sphere_pair()), 2.0 / 3.0, 1e-15);
  EXPECT_NEAR(effective_radius(sphere_on_wall()), 1.0, 1e-15);
}

TEST(RotationResistanceRows, AContactGetsTangentRollingAndSpinningRowsInOrder) {
  const auto rows = with_friction_rows({sphere_pair(), sphere_on_wall()}, coefficients(0.5, 0.1, 0.2));
  ASSERT_EQ(rows.size(), 12u);
  const RowRole expected[] = {RowRole::normal,    RowRole::tangent_1, RowRole::tangent_2,
                              RowRole::rolling_1, RowRole::rolling_2, RowRole::spinning};
  for (std::size_t i = 0; i < rows.size(); ++i) {
    EXPECT_EQ(rows[i].role, expected[i % 6]) << "row " << i;
    EXPECT_EQ(rows[i].rolling, 0.1);
    EXPECT_EQ(rows[i].spinning, 0.2);
  }
  // Rotation rows act on angular velocities only.
  for (const std::size_t r : {3u, 4u, 5u}) {
    EXPECT_EQ(rows[r].row.segment<3>(0).norm(), 0.0);
    EXPECT_EQ(rows[r].row.segment<3>(6).norm(), 0.0);
  }
}

TEST(RotationResistanceRows, RowsMeasureTheRelativeRotationRateTimesTheEffectiveRadius) {
  const auto rows = with_friction_rows({sphere_pair()}, coefficients(0.5, 0.1, 0.2));
  Velocities v = Velocities::Zero();
  const Vec3 omega_a(0.3, -0.7, 1.1), omega_b(-0.4, 0.2, 0.5);
  v.segment<3>(3) = omega_a;
  v.segment<3>(9) = omega_b;
  const double radius = 2.0 / 3.0;
  for (const std::size_t r : {3u, 4u, 5u}) {
    EXPECT_NEAR(rows[r].row.dot(v), radius * rows[r].tangent.dot(omega_b - omega_a), 1e-14) << "row " << r;
  }
  EXPECT_NEAR(rows[5].tangent.dot(Vec3::UnitX()), 1.0, 1e-15);  // spinning: about the normal
  EXPECT_NEAR(rows[3].tangent.dot(Vec3::UnitX()), 0.0, 1e-15);  // rolling: about the tangents
  EXPECT_NEAR(rows[3].tangent.dot(rows[4].tangent), 0.0, 1e-15);
  // A sphere rolling on a wall without slipping: its tangent rows are zero, its rolling rate is not.
  const auto wall_rows = with_friction_rows({sphere_on_wall()}, coefficients(0.5, 0.1, 0.0));
  ASSERT_EQ(wall_rows.size(), 5u);
  Velocities rolling = Velocities::Zero();
  rolling.segment<3>(0) = Vec3(2, 0, 0);
  rolling.segment<3>(3) = Vec3(0, 2, 0);  // v = omega x (centre - contact) = (0, 2, 0) x (0, 0, 1)
  EXPECT_NEAR(wall_rows[1].row.dot(rolling), 0.0, 1e-14);
  EXPECT_NEAR(wall_rows[2].row.dot(rolling), 0.0, 1e-14);
  EXPECT_NEAR(std::hypot(wall_rows[3].row.dot(rolling), wall_rows[4].row.dot(rolling)), 2.0, 1e-14);
}

TEST(RotationResistanceRows, WallCoefficientsOverrideThePairsAndZeroMeansNoRow) {
  FrictionCoefficients c = coefficients(0.5, 0.1, 0.0);
  c.rolling.walls = {0.0};
  c.spinning.walls = {0.3};
  const auto rows = with_friction_rows({sphere_on_wall(), sphere_pair()}, c);
  // The wall contact: normal, two tangents, spinning; the pair: normal, two tangents, two rolling.
  ASSERT_EQ(rows.size(), 9u);
  EXPECT_EQ(rows[3].role, RowRole::spinning);
  EXPECT_EQ(rows[8].role, RowRole::rolling_2);
}

TEST(RotationResistanceRows, ConesAreReadBackFromTheSetAndMisplacedRowsAreRefused) {
  ConstraintSet set;
  set.append_generation(with_friction_rows({sphere_pair(), sphere_on_wall()}, coefficients(0.5, 0.1, 0.2)));
  set.append_generation(with_friction_rows({sphere_pair()}, coefficients(0.0, 0.0, 0.0)));
  const lcp::FrictionCones cones = friction_cones(set);
  EXPECT_EQ(cones.rows(), 13u);
  ASSERT_EQ(cones.blocks().size(), 2u);
  for (const lcp::FrictionConeBlock& block : cones.blocks()) {
    EXPECT_EQ(block.rows(), 6u);
    EXPECT_EQ(block.rolling, 0.1);
    EXPECT_EQ(block.spinning, 0.2);
  }
  auto rows = with_friction_rows({sphere_pair()}, coefficients(0.5, 0.1, 0.0));
  rows.pop_back();  // a contact without its second rolling row
  ConstraintSet broken;
  broken.append_generation(rows);
  EXPECT_THROW(friction_cones(broken), std::logic_error);
}

}  // namespace
}  // namespace relcp::collision
