// A monolayer's pair rows act in its plane (keep_pair_rows_in_plane): a row along the plane's
// normal (two rod axes that meet) turns toward the other body, one mostly out of the plane keeps
// its in-plane part, and rows in or near the plane are left bit for bit.
#include <gtest/gtest.h>

#include <vector>

#include "collision/assembly/constraint_record.hpp"
#include "collision/assembly/monolayer_rows.hpp"
#include "geometry/rows/constraint_row.hpp"

namespace relcp::collision {
namespace {

ConstraintRecord pair_row(const Vec3& normal, const Vec3& centre_a, const Vec3& centre_b, const Vec3& point) {
  geometry::SignedSeparation contact;
  contact.phi = -0.5;
  contact.point_a = point;
  contact.point_b = point;
  contact.normal = normal.normalized();
  return pair_constraint(3, 8, contact, centre_a, centre_b, 0);
}

TEST(MonolayerRows, ARowAlongThePlaneNormalTurnsTowardTheOtherBody) {
  const Vec3 centre_a(0.0, 0.0, 0.0);
  const Vec3 centre_b(0.3, 0.4, 0.0);
  std::vector<ConstraintRecord> rows{pair_row(Vec3::UnitZ(), centre_a, centre_b, Vec3(0.1, 0.2, 0.0))};
  EXPECT_EQ(keep_pair_rows_in_plane(rows), 1);
  const ConstraintRecord& row = rows[0];
  EXPECT_NEAR(row.normal.x(), 0.6, 1e-15);
  EXPECT_NEAR(row.normal.y(), 0.8, 1e-15);
  EXPECT_EQ(row.normal.z(), 0.0);
  EXPECT_EQ(row.phi, -0.5);
  EXPECT_EQ(row.arm_a, Vec3(0.1, 0.2, 0.0));
  // The row is the one the geometry builds for that normal: planar translation, a z torque.
  geometry::SignedSeparation contact;
  contact.point_a = row.point_a;
  contact.point_b = row.point_b;
  contact.normal = row.normal;
  EXPECT_EQ(row.row, geometry::pair_constraint_row(contact, centre_a, centre_b).values);
  for (const int k : {2, 3, 4, 8, 9, 10}) EXPECT_EQ(row.row[k], 0.0) << "entry " << k;
}

TEST(MonolayerRows, ARowMostlyOutOfThePlaneKeepsItsInPlanePart) {
  std::vector<ConstraintRecord> rows{
      pair_row(Vec3(1.0, -1.0, 3.0), Vec3::Zero(), Vec3(1.0, 0.0, 0.0), Vec3(0.5, 0.0, 0.0))};
  EXPECT_EQ(keep_pair_rows_in_plane(rows), 1);
  EXPECT_NEAR(rows[0].normal.x(), std::sqrt(0.5), 1e-15);
  EXPECT_NEAR(rows[0].normal.y(), -std::sqrt(0.5), 1e-15);
  EXPECT_EQ(rows[0].normal.z(), 0.0);
}

TEST(MonolayerRows, RowsInOrNearThePlaneAndOtherRowsAreLeftAlone) {
  std::vector<ConstraintRecord> rows{
      pair_row(Vec3(1.0, 0.0, 0.0), Vec3::Zero(), Vec3(1.0, 0.0, 0.0), Vec3(0.5, 0.0, 0.0)),
      pair_row(Vec3(1.0, 0.0, 0.9), Vec3::Zero(), Vec3(1.0, 0.0, 0.0), Vec3(0.5, 0.0, 0.0)),
      pair_row(Vec3::UnitZ(), Vec3::Zero(), Vec3(1.0, 0.0, 0.0), Vec3(0.5, 0.0, 0.0))};
  rows[2].role = RowRole::tangent_1;  // only normal rows are the geometry's
  const std::vector<ConstraintRecord> before = rows;
  EXPECT_EQ(keep_pair_rows_in_plane(rows), 0);
  for (std::size_t k = 0; k < rows.size(); ++k) {
    EXPECT_EQ(rows[k].normal, before[k].normal);
    EXPECT_EQ(rows[k].row, before[k].row);
  }
}

}  // namespace
}  // namespace relcp::collision
