#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numbers>

#include "core/error.hpp"
#include "dynamics/cell_division.hpp"
#include "dynamics/cell_growth.hpp"

namespace relcp::dynamics {
namespace {

particles::Body cell(double radius, double length, const Vec3& position, const Quaternion& orientation) {
  particles::Body body;
  body.id = 4;
  body.shape = geometry::Spherocylinder{radius, length};
  body.pose.position = position;
  body.pose.orientation = orientation;
  body.velocity = Vec3(1, 2, 3);
  return body;
}

double tip_to_tip(const particles::Body& body) {
  const auto& rod = std::get<geometry::Spherocylinder>(body.shape);
  return rod.length + 2.0 * rod.radius;
}

Vec3 tip(const particles::Body& body, double sign) {
  const auto& rod = std::get<geometry::Spherocylinder>(body.shape);
  return body.pose.position + sign * (0.5 * rod.length + rod.radius) * (body.pose.orientation * Vec3::UnitZ());
}

TEST(CellGrowth, GrowsTheTipToTipLengthExactlyExponentially) {
  GrowthOptions options;
  options.rate = 0.8;
  const CellGrowth growth(options);
  std::vector<particles::Body> bodies{cell(0.25, 1.5, Vec3::Zero(), Quaternion::Identity())};
  bodies.push_back(bodies[0]);
  bodies[1].shape = geometry::Sphere{0.3};
  for (int step = 0; step < 40; ++step) growth.grow(bodies, 0.05);
  EXPECT_NEAR(tip_to_tip(bodies[0]), 2.0 * std::exp(0.8 * 2.0), 1e-12);
  EXPECT_EQ(std::get<geometry::Spherocylinder>(bodies[0].shape).radius, 0.25);
  EXPECT_EQ(std::get<geometry::Sphere>(bodies[1].shape).radius, 0.3);  // only rods grow
}

TEST(CellDivision, DaughtersHaveHalfTheLengthAndTouchEndToEndInsideTheParent) {
  const Quaternion orientation(Eigen::AngleAxisd(0.7, Vec3(1, -2, 0.5).normalized()));
  const particles::Body parent = cell(0.25, 3.5, Vec3(1, 2, 3), orientation);  // l = 4
  const auto [first, second] = split_cell(parent, DivisionTurn{}, DivisionTurn{});
  EXPECT_NEAR(tip_to_tip(first), 2.0, 1e-15);
  EXPECT_NEAR(tip_to_tip(second), 2.0, 1e-15);
  EXPECT_LT((tip(first, -1.0) - tip(parent, -1.0)).norm(), 1e-14);
  EXPECT_LT((tip(first, 1.0) - parent.pose.position).norm(), 1e-14);
  EXPECT_LT((tip(second, -1.0) - parent.pose.position).norm(), 1e-14);
  EXPECT_LT((tip(second, 1.0) - tip(parent, 1.0)).norm(), 1e-14);
  EXPECT_EQ(first.id, parent.id);
  EXPECT_EQ(second.velocity, parent.velocity);
}

TEST(CellDivision, TurnsEachDaughterAboutItsOwnCentre) {
  const particles::Body parent = cell(0.25, 3.5, Vec3::Zero(), Quaternion::Identity());
  const double angle = 0.01 * std::numbers::pi / 180.0;
  const auto [first, second] =
      split_cell(parent, DivisionTurn{angle, Vec3::UnitX()}, DivisionTurn{-angle, Vec3::UnitX()});
  const Vec3 parent_axis = Vec3::UnitZ();
  const Vec3 first_axis = first.pose.orientation * Vec3::UnitZ();
  const Vec3 second_axis = second.pose.orientation * Vec3::UnitZ();
  EXPECT_NEAR(std::acos(std::clamp(first_axis.dot(parent_axis), -1.0, 1.0)), angle, 1e-9);
  EXPECT_NEAR(first_axis.cross(parent_axis).normalized().dot(-Vec3::UnitX()), 1.0, 1e-9);
  EXPECT_NEAR(second_axis.cross(parent_axis).normalized().dot(Vec3::UnitX()), 1.0, 1e-9);
  EXPECT_LT((first.pose.position - Vec3(0, 0, -1)).norm(), 1e-15);
}

TEST(CellDivision, RefusesDaughtersShorterThanTheirDiameter) {
  const particles::Body stubby = cell(0.5, 0.5, Vec3::Zero(), Quaternion::Identity());  // l = 1.5
  EXPECT_THROW(split_cell(stubby, DivisionTurn{}, DivisionTurn{}), InputError);
}

}  // namespace
}  // namespace relcp::dynamics
