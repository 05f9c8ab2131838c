#include <gtest/gtest.h>

#include <limits>

#include "dcs/switching/active_set.hpp"
#include "dcs/switching/switching_function.hpp"

namespace relcp::dcs {
namespace {

constexpr double kNever = std::numeric_limits<double>::infinity();

TEST(ActiveSet, EpsilonActiveSetKeepsModesNearTheSmallestIndicator) {
  const IndicatorValues h = {{-1.0, 1.0}, {1e-9, -1e-9}, {0.5, 0.2, 0.2 + 1e-7}};
  const ActiveSet active = epsilon_active_set(h, 1e-8);
  EXPECT_EQ(active, (ActiveSet{{0}, {0, 1}, {1}}));
  EXPECT_EQ(epsilon_active_set(h, 1e-6), (ActiveSet{{0}, {0, 1}, {1, 2}}));
  EXPECT_EQ(epsilon_active_set(h, 0.0), (ActiveSet{{0}, {1}, {1}}));
  EXPECT_EQ(cardinality(active), 4);
  EXPECT_TRUE(is_null_free(active));
  EXPECT_FALSE(is_null_free(ActiveSet{{0}, {}}));
}

TEST(ActiveSet, SelectedModesTakeTheSmallestIndicatorAndTheLowestIndexOnTies) {
  EXPECT_EQ(selected_modes({{-1.0, 1.0}, {2.0, -2.0}, {0.0, 0.0}}), (std::vector<int>{0, 1, 0}));
}

TEST(ActiveSet, PrintsAsATuple) { EXPECT_EQ(to_string(ActiveSet{{0}, {0, 1}}), "({0},{0,1})"); }

TEST(SwitchingFunction, IsPositiveInsideTheRegionOfTheActiveSet) {
  // Term 0 sliding in mode 0 (h_0 < h_1), term 1 stuck with both weights in (0, 1).
  const ActiveSet active = {{0}, {0, 1}};
  const std::vector<Vector> z = {Vector::Ones(1), (Vector(2) << 0.3, 0.7).finished()};
  const IndicatorValues h = {{-0.5, 0.5}, {0.0, 0.0}};
  EXPECT_DOUBLE_EQ(switching_function(active, z, h, 1.0, kNever), 0.3);  // smallest weight
}

TEST(SwitchingFunction, TurnsNegativeForEachOfItsThreeReasons) {
  const ActiveSet active = {{0}, {0, 1}};
  const std::vector<Vector> z = {Vector::Ones(1), (Vector(2) << 0.3, 0.7).finished()};
  // An inactive indicator undercuts the active one: sliding velocity crossed zero.
  EXPECT_DOUBLE_EQ(switching_function(active, z, {{0.1, -0.1}, {0.0, 0.0}}, 1.0, kNever), -0.2);
  // A weight left [0, 1]: the stuck term can no longer stick.
  const std::vector<Vector> leaving = {Vector::Ones(1), (Vector(2) << -0.01, 1.01).finished()};
  EXPECT_DOUBLE_EQ(switching_function(active, leaving, {{-0.5, 0.5}, {0.0, 0.0}}, 1.0, kNever), -0.01);
  // The restart time has passed.
  EXPECT_DOUBLE_EQ(switching_function(active, z, {{-0.5, 0.5}, {0.0, 0.0}}, 2.5, 2.0), -0.5);
}

}  // namespace
}  // namespace relcp::dcs
