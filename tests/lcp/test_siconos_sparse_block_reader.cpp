// The sparse-block storage (flag 1) of Siconos' .dat files: Siconos' own *_block test files
// against their dense twins, block placement, and the errors of malformed block sections.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "lcp/io/siconos_dat_reader.hpp"
#include "support/siconos_dat_errors.hpp"

namespace relcp::lcp {
namespace {

const std::filesystem::path kSiconosData = std::filesystem::path(RELCP_SOURCE_DIR) / "tests/lcp/data/siconos";

// n = 3 in block rows and columns {0} and {1, 2}: block (0, 0) is absent, blocks (0, 1), (1, 0)
// and (1, 1) are stored. Line numbers in the tests below refer to this text (1-based).
const std::vector<std::string> kThreeBlocks = {
    "3",          // 1  n
    "1",          // 2  storage: sparse block
    "3",          // 3  rows
    "3",          // 4  columns
    "3",          // 5  blocks
    "2",          // 6  block rows
    "2",          // 7  block columns
    "1\t3\t",     // 8  row block ends
    "1\t3\t",     // 9  column block ends
    "3",          // 10 row pointer count
    "3",          // 11 column index count
    "0\t1\t3\t",  // 12 row pointers
    "1\t0\t1\t",  // 13 column indices
    "0",          // 14 block 0: 1 x 2 at (0, 1)
    "2",          // 15
    "3",          // 16
    "1",          // 17 block 1: 2 x 1 at (1, 0)
    "4",          // 18
    "5",          // 19
    "2",          // 20 block 2: 2 x 2 at (1, 1)
    "6 7",        // 21 values may share a line
    "8",          // 22
    "9",          // 23
    "-1 -2 -3",   // 24 q
};

std::string joined(const std::vector<std::string>& lines) {
  std::string text;
  for (const auto& line : lines) text += line + "\n";
  return text;
}

// kThreeBlocks with line `number` replaced.
std::string with_line(int number, const std::string& replacement) {
  std::vector<std::string> lines = kThreeBlocks;
  lines.at(static_cast<std::size_t>(number - 1)) = replacement;
  return joined(lines);
}

// kThreeBlocks cut after line `number`.
std::string cut_after(int number) {
  return joined(std::vector<std::string>(kThreeBlocks.begin(), kThreeBlocks.begin() + number));
}

InputError parse_error(const std::string& text) { return testing::siconos_dat_parse_error(text); }

void expect_error_at(const std::string& text, int line, const std::string& key) {
  const InputError error = parse_error(text);
  EXPECT_EQ(error.file(), "case.dat");
  EXPECT_EQ(error.line(), line) << error.what();
  EXPECT_EQ(error.key(), key) << error.what();
}

TEST(SiconosSparseBlockReader, SiconosBlockFilesEqualTheirDenseTwins) {
  for (const std::string name : {"deudeu", "ortiz", "trivial"}) {
    SCOPED_TRACE(name);
    const LcpProblem dense = read_siconos_dat(kSiconosData / ("lcp_" + name + ".dat"));
    const LcpProblem blocks = read_siconos_dat(kSiconosData / ("lcp_" + name + "_block.dat"));
    ASSERT_EQ(blocks.size(), dense.size());
    EXPECT_TRUE(blocks.is_sparse());
    EXPECT_EQ(blocks.dense(), dense.dense());
    EXPECT_EQ(blocks.q(), dense.q());
    EXPECT_EQ(blocks.nonzeros(), dense.nonzeros());
  }
}

TEST(SiconosSparseBlockReader, PlacesBlocksColumnMajorAtTheirBlockRowAndColumn) {
  const LcpProblem problem = parse_siconos_dat(joined(kThreeBlocks), "case.dat");
  DenseMatrix expected(3, 3);
  expected << 0, 2, 3, 4, 6, 8, 5, 7, 9;
  EXPECT_EQ(problem.dense(), expected);
  EXPECT_EQ(problem.q(), Vector::LinSpaced(3, -1.0, -3.0));
}

TEST(SiconosSparseBlockReader, NoBlocksIsTheZeroMatrix) {
  const LcpProblem problem = parse_siconos_dat("2\n1\n2\n2\n0\n1 2\n", "zero.dat");
  EXPECT_EQ(problem.nonzeros(), 0);
  EXPECT_EQ(problem.dense(), DenseMatrix::Zero(2, 2));
  EXPECT_EQ(problem.q(), Vector::LinSpaced(2, 1.0, 2.0));
}

TEST(SiconosSparseBlockReader, TruncatedFiles) {
  expect_error_at(cut_after(4), 5, "blocks");
  expect_error_at(cut_after(12), 13, "column_indices");
  expect_error_at(cut_after(19), 20, "block");
  expect_error_at(cut_after(21), 22, "M");  // block 2 has 2 of its 4 values
  expect_error_at(cut_after(23), 24, "q");
}

TEST(SiconosSparseBlockReader, BadBlockCounts) {
  expect_error_at(with_line(5, "-1"), 5, "blocks");
  expect_error_at(with_line(5, "10"), 5, "blocks");  // exceeds n^2
  expect_error_at(with_line(5, "2"), 11, "column_index_count");
  expect_error_at(with_line(6, "0"), 6, "block_rows");
  expect_error_at(with_line(6, "4"), 6, "block_rows");      // more block rows than rows
  expect_error_at(with_line(6, "3"), 8, "row_block_ends");  // 2 ends listed for 3 block rows
  expect_error_at(with_line(10, "2"), 10, "row_pointer_count");
  expect_error_at(with_line(12, "0\t1\t2"), 12, "row_pointers");  // ends before the last block
  expect_error_at(with_line(12, "1\t1\t3"), 12, "row_pointers");  // does not start at 0
  expect_error_at(with_line(12, "0\t2\t1"), 12, "row_pointers");  // decreasing
  expect_error_at(with_line(8, "2\t1"), 8, "row_block_ends");     // not increasing
  expect_error_at(with_line(9, "1\t2"), 9, "column_block_ends");  // does not end at n
  expect_error_at(with_line(13, "1 0"), 13, "column_indices");    // one index missing
}

TEST(SiconosSparseBlockReader, OutOfRangeOrRepeatedBlockIndices) {
  expect_error_at(with_line(13, "2\t0\t1"), 13, "column_indices");
  expect_error_at(with_line(13, "1\t-1\t1"), 13, "column_indices");
  expect_error_at(with_line(13, "1\t0\t0"), 13, "column_indices");  // block row 1 holds column 0 twice
  expect_error_at(with_line(17, "2"), 17, "block");                 // block numbers out of order
}

TEST(SiconosSparseBlockReader, BadValuesInBlocks) {
  expect_error_at(with_line(16, "3 3"), 16, "M");  // block 0 has only 2 values
  expect_error_at(with_line(21, "6 nan"), 21, "M");
  expect_error_at(with_line(22, "eight"), 22, "M");
  expect_error_at(with_line(24, "-1 -2"), 24, "q");
}

TEST(SiconosSparseBlockReader, ErrorTextNamesFileLineAndKey) {
  const InputError error = parse_error(with_line(13, "1\t0\t2"));
  EXPECT_STREQ(error.what(), "case.dat:13: column_indices: block 2 has block column 2, outside [0, 2)");
}

TEST(SiconosSparseBlockReader, OtherStoragesAreRefused) {
  const InputError error = parse_error(with_line(2, "2"));
  EXPECT_EQ(error.line(), 2);
  EXPECT_EQ(error.key(), "storage");
}

}  // namespace
}  // namespace relcp::lcp
