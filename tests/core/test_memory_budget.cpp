#include "core/memory_budget.hpp"

#include <gtest/gtest.h>

#include <cstdlib>

namespace relcp {
namespace {

class MemoryBudget : public ::testing::Test {
 protected:
  void TearDown() override {
    set_memory_cap_bytes(std::nullopt);
    unsetenv("RELCP_MAX_MEMORY");
  }
};

TEST_F(MemoryBudget, SizesParseWithBinaryUnits) {
  EXPECT_EQ(parse_memory_size("1000"), 1000u);
  EXPECT_EQ(parse_memory_size("4K"), 4096u);
  EXPECT_EQ(parse_memory_size("512M"), 512u << 20);
  EXPECT_EQ(parse_memory_size("2GiB"), 2ull << 30);
  EXPECT_EQ(parse_memory_size("1.5 G"), 3ull << 29);
  EXPECT_EQ(parse_memory_size("3tb"), 3ull << 40);
  EXPECT_FALSE(parse_memory_size(""));
  EXPECT_FALSE(parse_memory_size("x"));
  EXPECT_FALSE(parse_memory_size("4Q"));
  EXPECT_FALSE(parse_memory_size("-1G"));
  EXPECT_FALSE(parse_memory_size("1e30"));
  EXPECT_FALSE(parse_memory_size("nan"));
}

TEST_F(MemoryBudget, BytesFormatInTheLargestUnitBelowThem) {
  EXPECT_EQ(format_bytes(7), "7 B");
  EXPECT_EQ(format_bytes(12 * 1024.0), "12 KiB");
  EXPECT_EQ(format_bytes(2.5 * (1 << 30)), "2.5 GiB");
}

TEST_F(MemoryBudget, TheCapLowersTheBudgetAndTheShortfallNamesBoth) {
  const std::uint64_t machine = memory_budget_bytes();
  ASSERT_GT(machine, 1u << 20);
  set_memory_cap_bytes(1u << 20);
  EXPECT_EQ(memory_budget_bytes(), 1u << 20);
  EXPECT_FALSE(memory_shortfall(1000.0));
  const auto shortfall = memory_shortfall(3.0 * (1 << 20));
  ASSERT_TRUE(shortfall);
  EXPECT_NE(shortfall->find("needs 3 MiB"), std::string::npos) << *shortfall;
  EXPECT_NE(shortfall->find("1 MiB available"), std::string::npos) << *shortfall;
  EXPECT_TRUE(memory_shortfall(1e300));
  EXPECT_TRUE(memory_shortfall(std::numeric_limits<double>::infinity()));
}

TEST_F(MemoryBudget, TheEnvironmentCapsWhenNoCapIsSet) {
  setenv("RELCP_MAX_MEMORY", "2M", 1);
  EXPECT_EQ(memory_budget_bytes(), 2u << 20);
  set_memory_cap_bytes(1u << 20);  // the command line wins
  EXPECT_EQ(memory_budget_bytes(), 1u << 20);
}

}  // namespace
}  // namespace relcp
