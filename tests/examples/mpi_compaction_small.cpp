// configs/small/compaction_small.yaml (Palmer et al. 2025, Sec. 4.2, at CI size): ReLCP keeps every
// step within its overlap tolerance while the suspension packs, and LCP-MS with 3 spheres per
// ellipsoid needs more constraints than ReLCP for the packed state.

#include <gtest/gtest.h>

#include "example_run.hpp"

namespace relcp::examples {
namespace {

constexpr double kTolerance = 1e-5;  // collision.tolerance of the config
constexpr std::int64_t kBodies = 60;

std::vector<io::StepStatistics>& relcp_rows() {
  static std::vector<io::StepStatistics> rows = run_example(small_config("compaction_small.yaml"));
  return rows;
}

TEST(CompactionSmall, ReLcpKeepsEveryStepWithinTheToleranceAsConstraintsBuildUp) {
  const auto& rows = relcp_rows();
  ASSERT_EQ(rows.size(), 200u);
  EXPECT_EQ(rows.front().contact.constraints, 0);
  EXPECT_GT(rows.back().contact.constraints, kBodies / 2);
  for (const io::StepStatistics& row : rows) {
    // ReLCP accepts a trial only when no pair's true separation is below -tolerance, and
    // max_overlap is measured on those same separations: no solver slack enters, only the
    // rounding of the reported value.
    EXPECT_LE(row.contact.max_overlap, kTolerance * (1 + 1e-9)) << "step " << row.step;
    EXPECT_EQ(row.bodies, kBodies);
  }
}

TEST(CompactionSmall, MultisphereThreeNeedsMoreConstraintsThanReLcpAtTheEnd) {
  const auto ms3 = run_example(small_config("compaction_small.yaml"),
                               {"collision.strategy=multisphere", "collision.multisphere_count=3"});
  ASSERT_EQ(ms3.size(), relcp_rows().size());
  EXPECT_GT(ms3.back().contact.constraints, relcp_rows().back().contact.constraints);
  for (const io::StepStatistics& row : ms3) EXPECT_LE(row.contact.relcp_iterations, 1) << "step " << row.step;
}

}  // namespace
}  // namespace relcp::examples
