// The 1-D machinery under the torus searches: the sampled search for every local minimum of a
// periodic function (its root finder is tested in tests/core/test_bracketed_root.cpp).

#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "geometry/distance/periodic_minima.hpp"

namespace relcp::geometry {
namespace {

constexpr double kPi = std::numbers::pi;

TEST(PeriodicMinima, FindsEveryMinimumDeepestFirst) {
  // cos(3 t) + 0.1 cos(t): three minima near pi/3, pi, 5 pi/3, the one at pi deepest.
  const auto f = [](double t) {
    return ValueAndSlope{std::cos(3 * t) + 0.1 * std::cos(t), -3 * std::sin(3 * t) - 0.1 * std::sin(t)};
  };
  const auto minima = periodic_local_minima(f, {});
  ASSERT_EQ(minima.size(), 3u);
  EXPECT_NEAR(minima[0].angle, kPi, 1e-12);
  EXPECT_LT(minima[0].value, minima[1].value);
  EXPECT_NEAR(minima[1].value, minima[2].value, 1e-12);  // symmetric pair
  for (const AngleMinimum& minimum : minima) {
    EXPECT_TRUE(minimum.converged);
    EXPECT_NEAR(f(minimum.angle).slope, 0.0, 1e-11);
  }
}

TEST(PeriodicMinima, AFlatFunctionHasOneMinimumAtZero) {
  const auto f = [](double t) { return ValueAndSlope{2.0 + 1e-17 * std::sin(7 * t), 0.0}; };
  PeriodicMinimaOptions options;
  options.flat_tolerance = 1e-14;
  const auto minima = periodic_local_minima(f, options);
  ASSERT_EQ(minima.size(), 1u);
  EXPECT_EQ(minima[0].angle, 0.0);
  EXPECT_TRUE(minima[0].converged);
}

}  // namespace
}  // namespace relcp::geometry
