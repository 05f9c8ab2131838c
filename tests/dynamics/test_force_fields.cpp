#include <gtest/gtest.h>

#include <cmath>

#include "core/error.hpp"
#include "dynamics/body_force.hpp"
#include "dynamics/constant_force.hpp"
#include "dynamics/radial_force.hpp"

namespace relcp::dynamics {
namespace {

std::vector<particles::Body> bodies_at(const std::vector<Vec3>& positions) {
  std::vector<particles::Body> bodies(positions.size());
  for (std::size_t k = 0; k < positions.size(); ++k) {
    bodies[k].id = static_cast<GlobalId>(10 * k);
    bodies[k].shape = geometry::Sphere{0.5};
    bodies[k].pose.position = positions[k];
  }
  return bodies;
}

// (r - sin r) / r^2 in extended precision: directly where long double keeps enough digits
// through the cancellation (relative error ~ 6 eps_ld / r^2), by the series below that.
long double reference_profile(long double r) {
  if (r >= 0.05L) return (r - std::sin(r)) / (r * r);
  const long double r2 = r * r;
  return r * (1.0L / 6 - r2 / 120 + r2 * r2 / 5040 - r2 * r2 * r2 / 362880);
}

TEST(ConstantForce, AddsTheSameForceToEveryBodyAfterClearing) {
  auto bodies = bodies_at({Vec3(0, 0, 0), Vec3(5, 6, 7)});
  bodies[1].force = Vec3(100, 100, 100);  // stale value of a previous step
  ForceFields fields;
  fields.push_back(std::make_unique<ConstantForce>(Vec3(0, 0, -9.81)));
  fields.push_back(std::make_unique<ConstantForce>(Vec3(1, 0, 0)));
  apply_force_fields(fields, bodies);
  for (const auto& body : bodies) {
    EXPECT_EQ(body.force, Vec3(1, 0, -9.81));
    EXPECT_EQ(body.torque, Vec3::Zero());
  }
}

TEST(RadialForce, ProfileMatchesAnExtendedPrecisionReference) {
  for (const double r : {1e-3, 0.05, 0.2, 0.4999, 0.5, 0.5001, 0.9, 2.0, 7.5, 30.0}) {
    const double expected = static_cast<double>(reference_profile(static_cast<long double>(r)));
    EXPECT_NEAR(RadialForce::profile(r), expected, 2e-15 * std::abs(expected)) << "r = " << r;
  }
}

TEST(RadialForce, BehavesLikeRSquaredOverSixNearTheCentreAndTendsToTheScaleFarAway) {
  for (const double r : {1e-12, 1e-8, 1e-5, 1e-3}) {
    // |F| / r^2 = profile / r = 1/6 - r^2/120 + ...
    EXPECT_NEAR(RadialForce::profile(r) / r, 1.0 / 6.0, r * r / 100.0 + 1e-16);
  }
  const RadialForce field(Vec3(1, 2, 3), 2.5, -1.0);
  EXPECT_EQ(field.force_at(Vec3(1, 2, 3)), Vec3::Zero());
  const Vec3 far = Vec3(1, 2, 3) + 1e4 * Vec3(0.6, 0.0, 0.8);
  EXPECT_NEAR(field.force_at(far).norm(), 2.5, 2.5e-4);
}

TEST(RadialForce, SignDecidesBetweenPullAndPush) {
  const Vec3 center(1, 2, 3);
  const Vec3 position(4, -2, 3);
  const Vec3 inward = RadialForce(center, 1.0, -1.0).force_at(position);
  const Vec3 outward = RadialForce(center, 1.0, 1.0).force_at(position);
  const Vec3 radial = (position - center).normalized();
  EXPECT_NEAR(inward.normalized().dot(radial), -1.0, 1e-14);
  EXPECT_EQ(outward, -inward);
  EXPECT_THROW(RadialForce(center, 1.0, 0.5), InputError);
}

TEST(RadialForce, AddsForceAtTheCentreOfEveryBodyAndNoTorque) {
  auto bodies = bodies_at({Vec3(0.1, 0, 0), Vec3(0, -3, 4)});
  const RadialForce field(Vec3::Zero(), 2.0, -1.0);
  field.add_to(bodies);
  for (const auto& body : bodies) {
    EXPECT_EQ(body.force, field.force_at(body.pose.position));
    EXPECT_EQ(body.torque, Vec3::Zero());
  }
}

TEST(BodyForce, LoadsOnlyTheListedIdsAndSumsRepeatedEntries) {
  auto bodies = bodies_at({Vec3::Zero(), Vec3::Zero(), Vec3::Zero()});  // ids 0, 10, 20
  const BodyForce field({BodyLoad{10, Vec3(1, 0, 0), Vec3(0, 0, 2)},
                         BodyLoad{99, Vec3(5, 5, 5), Vec3::Zero()},  // not here
                         BodyLoad{10, Vec3(0, 1, 0), Vec3(0, 0, 1)}});
  field.add_to(bodies);
  EXPECT_EQ(bodies[0].force, Vec3::Zero());
  EXPECT_EQ(bodies[1].force, Vec3(1, 1, 0));
  EXPECT_EQ(bodies[1].torque, Vec3(0, 0, 3));
  EXPECT_EQ(bodies[2].torque, Vec3::Zero());
}

}  // namespace
}  // namespace relcp::dynamics
