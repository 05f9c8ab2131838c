// Wall-time durations as users and batch systems write them (--max-wall-time,
// simulation.max_wall_time).

#include "core/duration.hpp"

#include <gtest/gtest.h>

namespace relcp {
namespace {

TEST(ParseDuration, ReadsSecondsAndUnits) {
  EXPECT_DOUBLE_EQ(*parse_duration("3600"), 3600.0);
  EXPECT_DOUBLE_EQ(*parse_duration("2.5"), 2.5);
  EXPECT_DOUBLE_EQ(*parse_duration("90s"), 90.0);
  EXPECT_DOUBLE_EQ(*parse_duration("45m"), 2700.0);
  EXPECT_DOUBLE_EQ(*parse_duration("1.5h"), 5400.0);
  EXPECT_DOUBLE_EQ(*parse_duration("2d"), 172800.0);
  EXPECT_DOUBLE_EQ(*parse_duration(" 10m "), 600.0);
}

TEST(ParseDuration, ReadsClockTimesAndSlurmDays) {
  EXPECT_DOUBLE_EQ(*parse_duration("01:30:00"), 5400.0);
  EXPECT_DOUBLE_EQ(*parse_duration("30:00"), 1800.0);
  EXPECT_DOUBLE_EQ(*parse_duration("1-12:00:00"), 129600.0);
}

TEST(ParseDuration, RefusesWhatIsNotAPositiveDuration) {
  for (const char* text : {"", "two hours", "0", "-5", "5x", "1:2:3:4", "h", "1e400", "::", "1-", "nan"}) {
    EXPECT_FALSE(parse_duration(text).has_value()) << text;
  }
}

}  // namespace
}  // namespace relcp
