// Where a carried ReLCP row's contact point lies on its body one step later (CarriedContacts):
// unchanged on an unchanged body, moved with the surface of a rod that grew (the cylinder
// stretched, the caps shifted), and dropped for a body that changed otherwise.
#include <gtest/gtest.h>

#include "collision/strategies/carried_contacts.hpp"

namespace relcp::collision {
namespace {

using geometry::Ellipsoid;
using geometry::Sphere;
using geometry::Spherocylinder;

TEST(CarriedContactArm, IsUnchangedOnAnUnchangedBody) {
  const Vec3 arm(0.3, -0.1, 0.7);
  EXPECT_EQ(*carried_contact_arm(Ellipsoid{{1, 1, 2}}, Ellipsoid{{1, 1, 2}}, arm), arm);
  EXPECT_EQ(*carried_contact_arm(Spherocylinder{0.25, 1.5}, Spherocylinder{0.25, 1.5}, arm), arm);
}

TEST(CarriedContactArm, MovesWithTheSurfaceOfAGrowingRod) {
  const Spherocylinder then{0.25, 1.0};
  const Spherocylinder now{0.25, 1.5};
  // On the cylinder, at a quarter of the half-axis: stretched with the axis.
  const Vec3 side = *carried_contact_arm(then, now, Vec3(0.25, 0.0, 0.125));
  EXPECT_DOUBLE_EQ(side.z(), 0.1875);
  EXPECT_DOUBLE_EQ(side.x(), 0.25);
  // On a cap: shifted with the axis end, so it stays on the cap.
  const Vec3 cap = *carried_contact_arm(then, now, Vec3(0.0, 0.0, -0.75));
  EXPECT_DOUBLE_EQ(cap.z(), -1.0);
}

TEST(CarriedContactArm, IsDroppedForABodyThatChangedOtherwise) {
  const Vec3 arm(0.0, 0.25, 0.5);
  EXPECT_FALSE(carried_contact_arm(Spherocylinder{0.25, 3.5}, Spherocylinder{0.25, 1.5}, arm));  // divided
  EXPECT_FALSE(carried_contact_arm(Spherocylinder{0.25, 1.5}, Spherocylinder{0.3, 1.5}, arm));
  EXPECT_FALSE(carried_contact_arm(Sphere{1.0}, Sphere{1.1}, arm));
  EXPECT_FALSE(carried_contact_arm(Ellipsoid{{1, 1, 2}}, Ellipsoid{{1, 2, 1}}, arm));
  EXPECT_FALSE(carried_contact_arm(Sphere{1.0}, Ellipsoid{{1, 1, 1}}, arm));
}

}  // namespace
}  // namespace relcp::collision
