// ConstraintRecord construction from a contact and ConstraintSet's generations, order and checks.
#include <gtest/gtest.h>

#include <algorithm>
#include <limits>
#include <random>
#include <stdexcept>
#include <vector>

#include "collision/assembly/constraint_record.hpp"
#include "collision/assembly/constraint_set.hpp"
#include "geometry/rows/constraint_row.hpp"

namespace relcp::collision {
namespace {

geometry::SignedSeparation contact_between(const Vec3& point_a, const Vec3& point_b) {
  geometry::SignedSeparation contact;
  contact.point_a = point_a;
  contact.point_b = point_b;
  contact.normal = (point_b - point_a).normalized();
  contact.phi = (point_b - point_a).norm();
  return contact;
}

ConstraintRecord pair(GlobalId a, GlobalId b, int creation_index = 0) {
  ConstraintRecord record;
  record.body_a = a;
  record.body_b = b;
  record.creation_index = creation_index;
  return record;
}

TEST(ConstraintRecord, PairRowIsTheGeometryRowAndPredictsTheGapRate) {
  const Vec3 centre_a(0.0, 0.0, 0.0), centre_b(3.0, 0.5, 0.0);
  const auto contact = contact_between(Vec3(1.0, 0.2, 0.1), Vec3(2.0, 0.3, -0.1));
  const ConstraintRecord record = pair_constraint(4, 9, contact, centre_a, centre_b, 2);
  EXPECT_EQ(record.body_a, 4);
  EXPECT_EQ(record.body_b, 9);
  EXPECT_EQ(record.creation_index, 2);
  EXPECT_FALSE(record.is_wall());
  EXPECT_EQ(record.phi, contact.phi);
  EXPECT_EQ(record.row, geometry::pair_constraint_row(contact, centre_a, centre_b).values);
  // Moving B away along the normal opens the gap at unit rate.
  Eigen::Matrix<double, 12, 1> velocities = Eigen::Matrix<double, 12, 1>::Zero();
  velocities.segment<3>(6) = contact.normal;
  EXPECT_NEAR(record.row.dot(velocities), 1.0, 1e-15);
}

TEST(ConstraintRecord, WallRowUsesTheFirstSixEntries) {
  geometry::SignedSeparation contact = contact_between(Vec3(0.0, 0.0, -1.0), Vec3(0.0, 0.0, -1.5));
  const ConstraintRecord record = wall_constraint(5, 1, contact, Vec3::Zero());
  EXPECT_TRUE(record.is_wall());
  EXPECT_EQ(record.wall, 1);
  EXPECT_EQ(record.row.head<6>(), geometry::wall_constraint_row(contact, Vec3::Zero()).values);
  EXPECT_TRUE(record.row.tail<6>().isZero());
}

TEST(ConstraintSet, SortsEachGenerationAndKeepsEarlierOnesInPlace) {
  ConstraintSet set;
  ConstraintRecord wall;
  wall.body_a = 2;
  wall.wall = 0;
  EXPECT_EQ(set.append_generation({pair(5, 7), pair(2, 9), wall, pair(2, 3, 1), pair(2, 3, 0)}), 0);
  ASSERT_EQ(set.size(), 5u);
  EXPECT_EQ(sort_key(set[0]), sort_key(pair(2, 3, 0)));
  EXPECT_EQ(sort_key(set[1]), sort_key(pair(2, 3, 1)));
  EXPECT_EQ(sort_key(set[2]), sort_key(pair(2, 9)));
  EXPECT_EQ(sort_key(set[3]), sort_key(pair(5, 7)));
  EXPECT_TRUE(set[4].is_wall());  // the wall rows after the pair rows

  EXPECT_EQ(set.append_generation({pair(1, 2)}), 1);
  EXPECT_EQ(set.generation_begin(1), 5u);
  EXPECT_EQ(set.generation_size(0), 5u);
  EXPECT_EQ(set.generation_size(1), 1u);
  EXPECT_EQ(set[5].body_a, 1);  // appended after, although its key is smaller
  EXPECT_EQ(set.append_generation({}), 2);
  EXPECT_EQ(set.generation_size(2), 0u);
  EXPECT_THROW(set.generation_end(3), std::out_of_range);

  set.clear();
  EXPECT_EQ(set.size(), 0u);
  EXPECT_EQ(set.generation_count(), 0);
}

TEST(ConstraintSet, RefusesInvalidRecords) {
  ConstraintSet set;
  EXPECT_THROW(set.append_generation({pair(-1, 2)}), std::invalid_argument);
  EXPECT_THROW(set.append_generation({pair(3, 3)}), std::invalid_argument);
  EXPECT_THROW(set.append_generation({pair(3, -7)}), std::invalid_argument);
  ConstraintRecord wall_without_index;
  wall_without_index.body_a = 1;
  EXPECT_THROW(set.append_generation({wall_without_index}), std::invalid_argument);
  ConstraintRecord not_finite = pair(1, 2);
  not_finite.row[3] = std::numeric_limits<double>::quiet_NaN();
  EXPECT_THROW(set.append_generation({not_finite}), std::invalid_argument);
  EXPECT_THROW(set.append_generation({pair(1, 2), pair(1, 2)}), std::invalid_argument);
  EXPECT_EQ(set.generation_count(), 0);
}

// Above the threaded checks' threshold: the first generation is taken without a copy, an append
// that fits its spare room leaves it in place, and a bad record, a duplicate or a wrong order deep
// in a large generation is found.
TEST(ConstraintSet, LargeGenerationsAreCheckedAndTheFirstIsNotCopied) {
  constexpr int kCount = 10000;
  const auto many = [](int count, int skip) {
    std::vector<ConstraintRecord> records;
    records.reserve(static_cast<std::size_t>(count + count / 8));
    for (int k = 0; k < count; ++k) records.push_back(pair(k / 4, kCount + k % 4 + skip));
    return records;
  };
  ConstraintSet set;
  std::vector<ConstraintRecord> first = many(kCount, 0);
  const ConstraintRecord* storage = first.data();
  set.append_generation(std::move(first));
  EXPECT_EQ(set.records().data(), storage);
  set.append_generation(many(kCount / 10, 10));
  EXPECT_EQ(set.records().data(), storage);  // the append fitted the spare room
  EXPECT_EQ(set.size(), static_cast<std::size_t>(kCount + kCount / 10));

  std::vector<ConstraintRecord> reversed = many(kCount, 0);
  std::reverse(reversed.begin(), reversed.end());
  ConstraintSet sorted;
  sorted.append_generation(std::move(reversed));
  for (std::size_t r = 1; r < sorted.size(); ++r) EXPECT_LT(sort_key(sorted[r - 1]), sort_key(sorted[r]));

  // A shuffle (long cycles of the permutation): every record arrives whole at its key's place.
  std::vector<ConstraintRecord> shuffled = many(kCount, 0);
  for (std::size_t k = 0; k < shuffled.size(); ++k) shuffled[k].phi = double(k);  // sorted position
  std::shuffle(shuffled.begin(), shuffled.end(), std::mt19937_64(3));
  ConstraintSet unshuffled;
  unshuffled.append_generation(std::move(shuffled));
  for (std::size_t r = 0; r < unshuffled.size(); ++r) {
    ASSERT_EQ(unshuffled[r].phi, double(r));
    ASSERT_EQ(sort_key(unshuffled[r]), sort_key(pair(GlobalId(r / 4), GlobalId(kCount + r % 4))));
  }

  std::vector<ConstraintRecord> duplicate = many(kCount, 0);
  duplicate[7001] = duplicate[7000];
  EXPECT_THROW(ConstraintSet().append_generation(std::move(duplicate)), std::invalid_argument);
  std::vector<ConstraintRecord> bad = many(kCount, 0);
  bad[5000].row[2] = std::numeric_limits<double>::infinity();
  EXPECT_THROW(ConstraintSet().append_generation(std::move(bad)), std::invalid_argument);
}

}  // namespace
}  // namespace relcp::collision
