#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "core/error.hpp"
#include "lcp/io/solution_file.hpp"

namespace relcp::lcp {
namespace {

std::filesystem::path scratch(const std::string& name) { return std::filesystem::temp_directory_path() / name; }

TEST(SolutionFile, RoundTripIsExact) {
  const auto file = scratch("relcp_test_solution_roundtrip.txt");
  Vector z(4);
  z << 0.1, 1.0 / 3.0, 0.0, 12345.678901234567;
  write_solution(file, z);
  EXPECT_EQ(read_solution(file, 4), z);
  std::filesystem::remove(file);
}

TEST(SolutionFile, WriteLeavesNoTemporaryAndReplacesOldContent) {
  const auto folder = scratch("relcp_test_solution_folder");
  std::filesystem::create_directories(folder);
  const auto file = folder / "z.txt";
  std::ofstream(file) << "old content that is longer than the new one\n";
  write_solution(file, Vector::Ones(2));
  EXPECT_EQ(read_solution(file), Vector::Ones(2));
  int entries = 0;
  for ([[maybe_unused]] const auto& entry : std::filesystem::directory_iterator(folder)) ++entries;
  EXPECT_EQ(entries, 1);
  std::filesystem::remove_all(folder);
}

TEST(SolutionFile, FailedWriteIsARunTimeFailureAndLeavesNothing) {
  EXPECT_THROW(write_solution("/nonexistent/relcp/folder/z.txt", Vector::Ones(2)), RunTimeFailure);
  EXPECT_FALSE(std::filesystem::exists("/nonexistent/relcp/folder"));
}

TEST(SolutionFile, ReadsCommentsAndReportsBadLines) {
  EXPECT_EQ(parse_solution("# z\n1\n\n2\n", "z.txt"), Vector::LinSpaced(2, 1, 2));
  try {
    parse_solution("1\n2 3\n", "z.txt");
    FAIL();
  } catch (const InputError& error) {
    EXPECT_EQ(error.line(), 2);
  }
  try {
    parse_solution("1\nnan\n", "z.txt");
    FAIL();
  } catch (const InputError& error) {
    EXPECT_EQ(error.line(), 2);
  }
  EXPECT_THROW(parse_solution("1\n2\n", "z.txt", 3), InputError);
  EXPECT_THROW(parse_solution("\n", "z.txt"), InputError);
}

}  // namespace
}  // namespace relcp::lcp
