#include <gtest/gtest.h>

#include <cstddef>
#include <memory>

#include "core/parallel_filled_vector.hpp"

namespace relcp {
namespace {

struct Record {
  double value = -1.0;
  int index = -1;
};

TEST(ParallelFilledVector, HoldsWhatTheFillingLoopConstructs) {
  constexpr std::ptrdiff_t n = 100000;
  ParallelFilledVector<Record> records(n);
#pragma omp parallel for schedule(static)
  for (std::ptrdiff_t k = 0; k < n; ++k) {
    std::construct_at(&records[static_cast<std::size_t>(k)], Record{0.5 * static_cast<double>(k), static_cast<int>(k)});
  }
  for (std::ptrdiff_t k = 0; k < n; ++k) {
    EXPECT_EQ(records[static_cast<std::size_t>(k)].value, 0.5 * static_cast<double>(k));
    EXPECT_EQ(records[static_cast<std::size_t>(k)].index, k);
  }
}

TEST(ParallelFilledVector, ConstructsAsUsualWhenGivenAValue) {
  ParallelFilledVector<Record> records;
  records.push_back(Record{2.0, 3});
  records.emplace_back(Record{});
  ParallelFilledVector<Record> filled(4, Record{7.0, 1});
  const ParallelFilledVector<Record> copy = filled;
  EXPECT_EQ(records[0].index, 3);
  EXPECT_EQ(records[1].value, -1.0);
  ASSERT_EQ(copy.size(), 4u);
  for (const Record& record : copy) EXPECT_EQ(record.value, 7.0);
}

}  // namespace
}  // namespace relcp
