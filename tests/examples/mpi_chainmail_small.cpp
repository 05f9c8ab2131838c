// configs/small/chainmail_small.yaml (Palmer et al. 2025, Sec. 4.4, Fig. 6c at CI size): under the
// outward field the net expands; ReLCP keeps the true ring overlap within its tolerance at
// every step, while the single deepest-point LCP lets interlocked rings sink into each other.

#include <gtest/gtest.h>

#include <algorithm>

#include "example_run.hpp"

namespace relcp::examples {
namespace {

constexpr double kTolerance = 1e-5;  // collision.tolerance of the config

double mean_distance_from_centre(const io::Simulation& simulation) {
  double sum = 0.0;
  for (const particles::Body& ring : simulation.store().owned()) sum += ring.pose.position.norm();
  return sum_over_ranks(sum) / static_cast<double>(simulation.store().global_count());
}

TEST(ChainmailSmall, ReLcpStaysWithinTheToleranceWhileTheNetExpands) {
  std::vector<double> radius;
  const auto rows = run_example(
      small_config("chainmail_small.yaml"), {},
      [&](const io::Simulation& s, const io::StepStatistics&) { radius.push_back(mean_distance_from_centre(s)); });
  ASSERT_FALSE(rows.empty());
  std::int64_t steps_with_contacts = 0;
  for (const io::StepStatistics& row : rows) {
    EXPECT_EQ(row.bodies, 21);
    // Accepted trials have no pair below -tolerance (see mpi_compaction_small.cpp).
    EXPECT_LE(row.contact.max_overlap, kTolerance * (1 + 1e-9)) << "step " << row.step;
    if (row.contact.constraints > 0) ++steps_with_contacts;
  }
  EXPECT_GT(steps_with_contacts, static_cast<std::int64_t>(rows.size()) / 2);
  const double start = radius.front();
  EXPECT_GT(radius.back(), start * 1.02);
  EXPECT_GT(radius[radius.size() / 2], start);
}

TEST(ChainmailSmall, TheSingleConstraintLcpLetsRingsOverlapFarBeyondTheTolerance) {
  const auto rows = run_example(small_config("chainmail_small.yaml"), {"collision.strategy=single"});
  double largest = 0.0;
  for (const io::StepStatistics& row : rows) largest = std::max(largest, row.contact.max_overlap);
  EXPECT_GT(largest, 50 * kTolerance);  // ~1.2e-3 on impact
}

}  // namespace
}  // namespace relcp::examples
