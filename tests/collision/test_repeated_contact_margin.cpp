// The margin ReLCP asks of a contact that needs a new row at a second trial of one step
// (collision/strategies/repeated_contact_margin.hpp).
#include <gtest/gtest.h>

#include <stdexcept>
#include <vector>

#include "collision/assembly/constraint_set.hpp"
#include "collision/strategies/repeated_contact_margin.hpp"

namespace relcp::collision {
namespace {

ConstraintRecord pair(GlobalId a, GlobalId b, RowRole role = RowRole::normal) {
  ConstraintRecord record;
  record.body_a = a;
  record.body_b = b;
  record.role = role;
  return record;
}

ConstraintRecord wall(GlobalId body, int index) {
  ConstraintRecord record;
  record.body_a = body;
  record.wall = index;
  return record;
}

std::vector<ConstraintRecord> with_tangents(GlobalId a, GlobalId b) {
  return {pair(a, b), pair(a, b, RowRole::tangent_1), pair(a, b, RowRole::tangent_2)};
}

TEST(RepeatedContactMargin, LeavesTheSolverHalfTheOverlapTolerance) {
  EXPECT_DOUBLE_EQ(repeated_contact_margin(1e-7, 1e-7), 5e-8);
  EXPECT_DOUBLE_EQ(repeated_contact_margin(1e-6, 1e-7), 1e-6 - 5e-8);
  EXPECT_EQ(repeated_contact_margin(5e-8, 1e-7), 0.0);
  EXPECT_EQ(repeated_contact_margin(1e-9, 1e-7), 0.0);
}

TEST(RepeatedContactMargin, LowersOnlyNormalRowsOfContactsAppendedAtAnEarlierTrial) {
  ConstraintSet set;
  // The step's first LCP: two pairs and a wall contact.
  std::vector<ConstraintRecord> start = with_tangents(1, 2);
  for (ConstraintRecord& record : with_tangents(3, 4)) start.push_back(record);
  start.push_back(wall(5, 0));
  set.append_generation(start);
  EXPECT_TRUE(contacts_appended_at_trials(set).empty());

  // The first trial appends pair (1, 2) and the wall contact of body 5: nothing to lower yet.
  const std::vector<ContactKey> before_first = contacts_appended_at_trials(set);
  std::vector<ConstraintRecord> first = with_tangents(1, 2);
  first.push_back(wall(5, 0));
  set.append_generation(first);
  std::vector<double> constant(set.size(), 1.0);
  EXPECT_EQ(lower_repeated_contacts(set, before_first, 0.25, constant), 0u);
  EXPECT_EQ(constant, std::vector<double>(set.size(), 1.0));

  // The second trial appends them again, with pair (3, 4) (only in the first LCP before) and body
  // 5 against another wall.
  const std::vector<ContactKey> before_second = contacts_appended_at_trials(set);
  EXPECT_EQ(before_second, (std::vector<ContactKey>{{1, 2, -1}, {5, kNoBody, 0}}));
  std::vector<ConstraintRecord> second = with_tangents(1, 2);
  for (ConstraintRecord& record : with_tangents(3, 4)) second.push_back(record);
  second.push_back(wall(5, 0));
  second.push_back(wall(5, 1));
  set.append_generation(second);
  constant.assign(set.size(), 1.0);
  EXPECT_EQ(lower_repeated_contacts(set, before_second, 0.25, constant), 2u);

  const std::size_t begin = set.generation_begin(2);
  for (std::size_t r = 0; r < set.size(); ++r) {
    const ConstraintRecord& record = set[r];
    const bool repeated =
        r >= begin && record.is_normal() && (record.body_b == 2 || (record.is_wall() && record.wall == 0));
    EXPECT_EQ(constant[r], repeated ? 0.75 : 1.0) << "row " << r;
  }
}

TEST(RepeatedContactMargin, NoMarginLowersNothingAndAShortConstantIsRefused) {
  ConstraintSet set;
  set.append_generation({pair(1, 2)});
  set.append_generation({pair(1, 2)});
  const std::vector<ContactKey> earlier = contacts_appended_at_trials(set);
  set.append_generation({pair(1, 2)});
  std::vector<double> constant(set.size(), 1.0);
  EXPECT_EQ(lower_repeated_contacts(set, earlier, 0.0, constant), 0u);
  EXPECT_EQ(constant, std::vector<double>(set.size(), 1.0));
  EXPECT_EQ(lower_repeated_contacts(set, earlier, 0.5, constant), 1u);
  EXPECT_EQ(constant.back(), 0.5);
  std::vector<double> short_constant(set.size() - 1, 1.0);
  EXPECT_THROW(lower_repeated_contacts(set, earlier, 0.5, short_constant), std::invalid_argument);
}

}  // namespace
}  // namespace relcp::collision
