#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <set>

#include "particles/counter_rng.hpp"

namespace relcp::particles {
namespace {

TEST(CounterRng, DrawsArePureFunctionsOfSeedStreamAndCounter) {
  const CounterRng a(42);
  const CounterRng b(42);
  const CounterRng other(43);
  EXPECT_EQ(a.bits(7, 3), b.bits(7, 3));
  EXPECT_NE(a.bits(7, 3), other.bits(7, 3));
  EXPECT_NE(a.bits(7, 3), a.bits(7, 4));
  EXPECT_NE(a.bits(7, 3), a.bits(8, 3));
  // Swapping stream and counter must not give the same draw.
  EXPECT_NE(a.bits(3, 7), a.bits(7, 3));
}

TEST(CounterRng, UniformDrawsLookUniform) {
  const CounterRng rng(2024);
  constexpr int n = 200000;
  double sum = 0.0;
  double sum_squares = 0.0;
  int bins[10] = {};
  std::set<std::uint64_t> distinct;
  for (int k = 0; k < n; ++k) {
    const double u = rng.uniform(static_cast<std::uint64_t>(k % 100), static_cast<std::uint64_t>(k / 100));
    ASSERT_GE(u, 0.0);
    ASSERT_LT(u, 1.0);
    sum += u;
    sum_squares += u * u;
    ++bins[static_cast<int>(u * 10.0)];
    distinct.insert(std::bit_cast<std::uint64_t>(u));
  }
  EXPECT_NEAR(sum / n, 0.5, 0.005);
  EXPECT_NEAR(sum_squares / n, 1.0 / 3.0, 0.005);
  for (const int count : bins) EXPECT_NEAR(count, n / 10, 5 * std::sqrt(n / 10.0));
  EXPECT_EQ(distinct.size(), static_cast<std::size_t>(n));
}

}  // namespace
}  // namespace relcp::particles
