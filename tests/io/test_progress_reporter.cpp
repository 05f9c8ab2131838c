// The progress line: at most one per interval, with the step, time, bodies, rate and ETA.

#include <gtest/gtest.h>

#include "io/run/progress_reporter.hpp"

namespace relcp::io {
namespace {

TEST(ProgressReporter, ReportsAtMostOncePerInterval) {
  ProgressReporter progress(0, 1000, 1.0);
  EXPECT_FALSE(progress.update(10, 0.1, 5, 0.5).has_value());
  EXPECT_TRUE(progress.update(20, 0.2, 5, 1.0).has_value());
  EXPECT_FALSE(progress.update(30, 0.3, 5, 1.9).has_value());
  EXPECT_TRUE(progress.update(40, 0.4, 5, 2.0).has_value());
}

TEST(ProgressReporter, LineHoldsStepTimeBodiesRateAndEta) {
  ProgressReporter progress(100, 1100, 1.0);
  // 250 steps in 2 s since the start at step 100: 125 steps/s, 750 steps left: 6 s.
  const auto line = progress.update(350, 3.5, 1234, 2.0);
  ASSERT_TRUE(line.has_value());
  EXPECT_NE(line->find("step 350/1100 (25.0%)"), std::string::npos) << *line;
  EXPECT_NE(line->find("t = 3.5"), std::string::npos) << *line;
  EXPECT_NE(line->find("bodies 1234"), std::string::npos) << *line;
  EXPECT_NE(line->find("125 steps/s"), std::string::npos) << *line;
  EXPECT_NE(line->find("ETA 6 s"), std::string::npos) << *line;
}

TEST(ProgressReporter, DurationsReadNaturally) {
  EXPECT_EQ(format_duration(0.42), "0.42 s");
  EXPECT_EQ(format_duration(12.4), "12 s");
  EXPECT_EQ(format_duration(200.0), "3 min 20 s");
  EXPECT_EQ(format_duration(7500.0), "2 h 05 min");
}

}  // namespace
}  // namespace relcp::io
