#include <gtest/gtest.h>

#include <cmath>

#include "core/error.hpp"
#include "particles/domain.hpp"

namespace relcp::particles {
namespace {

Domain box_periodic_in_x_and_z() {
  Domain domain;
  domain.lower = Vec3(-1.0, 0.0, 2.0);
  domain.upper = Vec3(3.0, 5.0, 2.5);
  domain.periodic = {true, false, true};
  return domain;
}

TEST(Domain, WrapMovesPeriodicCoordinatesIntoTheBoxByWholePeriods) {
  const Domain domain = box_periodic_in_x_and_z();
  for (const double x : {-1.0, -1e-17 - 1.0, -9.3, 2.999, 3.0, 17.25, 1e6 + 0.1}) {
    const Vec3 position(x, 123.0, x);
    const Vec3 wrapped = domain.wrap(position);
    EXPECT_GE(wrapped.x(), domain.lower.x());
    EXPECT_LT(wrapped.x(), domain.upper.x());
    EXPECT_GE(wrapped.z(), domain.lower.z());
    EXPECT_LT(wrapped.z(), domain.upper.z());
    const double periods_x = (position.x() - wrapped.x()) / domain.length(0);
    EXPECT_NEAR(periods_x, std::round(periods_x), 1e-9);
    EXPECT_EQ(wrapped.y(), 123.0);  // open axis untouched
  }
}

TEST(Domain, WrapKeepsPointsInsideUnchanged) {
  const Domain domain = box_periodic_in_x_and_z();
  const Vec3 inside(0.5, -40.0, 2.1);
  EXPECT_EQ(domain.wrap(inside), inside);
}

TEST(Domain, MinimumImageIsTheShortestPeriodicCopy) {
  const Domain domain = box_periodic_in_x_and_z();
  for (const double d : {0.1, 1.9, 2.1, -2.1, 3.9, -7.7, 40.0}) {
    const Vec3 image = domain.minimum_image(Vec3(d, d, d));
    EXPECT_LE(std::abs(image.x()), 0.5 * domain.length(0) + 1e-12);
    EXPECT_LE(std::abs(image.z()), 0.5 * domain.length(2) + 1e-12);
    const double periods = (d - image.x()) / domain.length(0);
    EXPECT_NEAR(periods, std::round(periods), 1e-9);
    EXPECT_EQ(image.y(), d);
  }
}

TEST(Domain, ValidateRejectsAnEmptyPeriodicAxis) {
  Domain domain = box_periodic_in_x_and_z();
  EXPECT_NO_THROW(domain.validate());
  domain.upper.z() = domain.lower.z();
  EXPECT_THROW(domain.validate(), InputError);
  domain.periodic[2] = false;
  EXPECT_NO_THROW(domain.validate());
}

}  // namespace
}  // namespace relcp::particles
