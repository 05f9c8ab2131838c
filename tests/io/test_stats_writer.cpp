// stats.csv: the header, one row per step, and a restart that drops the rows after its step.

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <vector>

#include "io/run/stats_writer.hpp"

namespace relcp::io {
namespace {

std::vector<std::string> lines_of(const std::string& path) {
  std::ifstream in(path);
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

class StatsWriterTest : public ::testing::Test {
 protected:
  std::filesystem::path dir = std::filesystem::temp_directory_path() / ("relcp_stats_" + std::to_string(::getpid()));
  std::string path = (dir / "stats.csv").string();
  void SetUp() override { std::filesystem::create_directories(dir); }
  void TearDown() override { std::filesystem::remove_all(dir); }
};

StepStatistics row(std::int64_t step) {
  StepStatistics r;
  r.step = step;
  r.time = 0.1 * static_cast<double>(step);
  r.bodies = 7;
  r.contact.constraints = 3;
  r.contact.relcp_iterations = 2;
  r.contact.solver_iterations = 40;
  r.contact.max_overlap = 1e-6;
  r.contact.max_model_overlap = 0.5;
  r.seconds = 0.25;
  r.contact.detection_seconds = 0.125;
  r.contact.assembly_seconds = 0.0625;
  r.contact.solve_seconds = 0.03125;
  r.contact.max_cone_violation = 0.0;
  r.contact.sticking_contacts = 4;
  r.contact.sliding_contacts = 1;
  r.contact.factorizations = 12;
  return r;
}

TEST_F(StatsWriterTest, HeaderThenOneRowPerStepWithEveryColumn) {
  {
    StatsWriter writer = StatsWriter::create(path);
    for (int step = 1; step <= 3; ++step) writer.append(row(step));
  }
  const auto lines = lines_of(path);
  ASSERT_EQ(lines.size(), 4u);
  EXPECT_EQ(lines[0],
            "step,time,bodies,constraints,relcp_iterations,solver_iterations,max_overlap,max_model_overlap,"
            "seconds,detection_seconds,assembly_seconds,solve_seconds,max_cone_violation,sticking_contacts,"
            "sliding_contacts,factorizations");
  EXPECT_EQ(lines[2], "2,0.20000000000000001,7,3,2,40,9.9999999999999995e-07,0.5,0.25,0.125,0.0625,0.03125,0,4,1,12");
}

TEST_F(StatsWriterTest, ContinuingDropsTheRowsAfterTheRestartStep) {
  {
    StatsWriter writer = StatsWriter::create(path);
    for (int step = 1; step <= 8; ++step) writer.append(row(step));
  }
  {
    StatsWriter writer = StatsWriter::continue_after(path, 5);
    writer.append(row(6));
  }
  const auto lines = lines_of(path);
  ASSERT_EQ(lines.size(), 7u);  // header + steps 1..6
  EXPECT_EQ(lines[5].substr(0, 2), "5,");
  EXPECT_EQ(lines[6].substr(0, 2), "6,");
}

TEST_F(StatsWriterTest, ContinuingWithoutAFileStartsOne) {
  {
    StatsWriter writer = StatsWriter::continue_after(path, 5);
    writer.append(row(6));
  }
  const auto lines = lines_of(path);
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_EQ(lines[0], StatsWriter::header());
}

// docs/output.md has one table row per column, in the file's order.
TEST(StatsColumns, DocsOutputMdDescribesEveryColumnOnceInOrder) {
  std::ifstream in(std::string(RELCP_SOURCE_DIR) + "/docs/output.md");
  ASSERT_TRUE(in) << "docs/output.md not found";
  std::vector<std::string> documented;
  bool in_section = false;
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("## ", 0) == 0) in_section = line == "## stats.csv";
    if (in_section && line.rfind("| `", 0) == 0) documented.push_back(line.substr(3, line.find('`', 3) - 3));
  }
  std::vector<std::string> columns;
  std::stringstream header(StatsWriter::header());
  for (std::string name; std::getline(header, name, ',');) columns.push_back(name);
  EXPECT_EQ(documented, columns);
}

}  // namespace
}  // namespace relcp::io
