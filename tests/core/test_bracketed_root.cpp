// The bracketed scalar root finder shared by the switching integrator (dcs: zeros of the
// switching function) and the geometry searches (torus angles, point-ellipsoid distance).

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <numbers>
#include <stdexcept>

#include "core/bracketed_root.hpp"

namespace relcp {
namespace {

constexpr double kPi = std::numbers::pi;

BracketedRoot root_to(const std::function<double(double)>& g, double a, double ga, double b, double gb,
                      double tolerance) {
  return find_bracketed_root(g, a, ga, b, gb, {.tolerance = tolerance});
}

void expect_valid_bracket(const BracketedRoot& bracket, const std::function<double(double)>& g, double tolerance) {
  EXPECT_GT(g(bracket.positive_side()), 0.0);
  EXPECT_LE(g(bracket.nonpositive_side()), 0.0);
  if (bracket.value_at_nonpositive_side() != 0.0) {  // an exact zero needs no narrow bracket
    EXPECT_LE(std::abs(bracket.positive_side() - bracket.nonpositive_side()), tolerance * 1.01);
  }
  EXPECT_EQ(g(bracket.positive_side()), bracket.value_at_positive_side());
  EXPECT_EQ(g(bracket.nonpositive_side()), bracket.value_at_nonpositive_side());
}

TEST(BrentRoot, BracketsASmoothRootToTheTolerance) {
  const auto g = [](double t) { return std::cos(t) - t; };  // root 0.739085133215...
  const BracketedRoot bracket = root_to(g, 0.0, g(0.0), 1.0, g(1.0), 1e-13);
  expect_valid_bracket(bracket, g, 1e-13);
  EXPECT_NEAR(bracket.nonpositive_side(), 0.7390851332151607, 2e-13);
  EXPECT_LT(bracket.evaluations, 15);  // superlinear, far fewer than bisection's 43
}

TEST(BrentRoot, WorksWithTheNegativeEndFirstOrLast) {
  const auto falling = [](double t) { return 2.0 - t * t; };  // root sqrt(2), positive at 0
  const BracketedRoot first = root_to(falling, 0.0, 2.0, 3.0, -7.0, 1e-12);
  expect_valid_bracket(first, falling, 1e-12);
  EXPECT_NEAR(first.nonpositive_side(), std::sqrt(2.0), 2e-12);
  const auto rising = [](double t) { return t * t * t - 2.0; };  // positive at 2, negative at 0
  const BracketedRoot bracket = root_to(rising, 2.0, 6.0, 0.0, -2.0, 1e-12);
  expect_valid_bracket(bracket, rising, 1e-12);
  EXPECT_NEAR(bracket.nonpositive_side(), std::cbrt(2.0), 2e-12);
}

TEST(BrentRoot, HandlesAKinkAndAFlatPart) {
  // min of two curves, like the switching function: kink at 1, zero at sqrt(2).
  const auto kinked = [](double t) { return std::min(2.0 - t, 3.0 - 1.5 * t * t); };
  const BracketedRoot kink = root_to(kinked, 0.0, kinked(0.0), 4.0, kinked(4.0), 1e-12);
  expect_valid_bracket(kink, kinked, 1e-12);
  EXPECT_NEAR(kink.nonpositive_side(), std::sqrt(2.0), 2e-12);
  // Zero on a whole interval [1, 2]: any bracket of a sign change is fine.
  const auto flat = [](double t) { return t < 1.0 ? 1.0 - t : (t > 2.0 ? 2.0 - t : 0.0); };
  const BracketedRoot bracket = root_to(flat, 0.0, 1.0, 3.0, -1.0, 1e-12);
  EXPECT_GT(flat(bracket.positive_side()), 0.0);
  EXPECT_LE(flat(bracket.nonpositive_side()), 0.0);
  EXPECT_LE(bracket.nonpositive_side(), 2.0);
}

TEST(BrentRoot, ReturnsAtOnceWhenTheNonpositiveEndIsARoot) {
  const auto g = [](double t) { return 1.0 - t; };
  const BracketedRoot bracket = root_to(g, 0.0, 1.0, 1.0, 0.0, 1e-12);
  EXPECT_EQ(bracket.nonpositive_side(), 1.0);
  EXPECT_EQ(bracket.evaluations, 0);
}

TEST(BrentRoot, RejectsAnInvalidBracket) {
  const auto g = [](double t) { return t; };
  EXPECT_THROW(root_to(g, 1.0, 1.0, 2.0, 2.0, 1e-12), std::invalid_argument);
}

TEST(BracketedRoot, FindsASmoothRootToTheTolerance) {
  const auto f = [](double x) { return std::cos(x); };
  const BracketedRoot root =
      find_bracketed_root(f, 0.0, f(0.0), 3.0, f(3.0), {.tolerance = 1e-14, .max_evaluations = 50});
  EXPECT_TRUE(root.converged);
  EXPECT_NEAR(root.x, kPi / 2, 1e-14);
  EXPECT_LT(root.evaluations, 15);  // interpolation, not bisection (which needs ~48)
}

TEST(BracketedRoot, ConvergesToAJumpInSign) {
  const auto f = [](double x) { return x < 0.3 ? -1.0 : 2.0; };
  const BracketedRoot root = find_bracketed_root(f, 0.0, -1.0, 1.0, 2.0, {.tolerance = 1e-12, .max_evaluations = 100});
  EXPECT_TRUE(root.converged);
  EXPECT_NEAR(root.x, 0.3, 1e-12);
}

TEST(BracketedRoot, ReportsExhaustedIterations) {
  const auto f = [](double x) { return x < 0.3 ? -1.0 : 2.0; };
  const BracketedRoot root = find_bracketed_root(f, 0.0, -1.0, 1.0, 2.0, {.tolerance = 1e-12, .max_evaluations = 5});
  EXPECT_FALSE(root.converged);
  EXPECT_GT(root.x, 0.0);
  EXPECT_LT(root.x, 1.0);
}

TEST(BracketedRoot, RejectsABracketWithoutSignChange) {
  const auto f = [](double x) { return x * x + 1.0; };
  EXPECT_THROW(find_bracketed_root(f, -1.0, 2.0, 1.0, 2.0, {.tolerance = 1e-12}), std::invalid_argument);
}

}  // namespace
}  // namespace relcp
