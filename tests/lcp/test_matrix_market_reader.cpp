#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <variant>

#include "core/error.hpp"
#include "lcp/io/matrix_market_reader.hpp"

namespace relcp::lcp {
namespace {

InputError parse_error(const std::string& text) {
  try {
    parse_matrix_market(text, "case.mtx");
  } catch (const InputError& error) {
    return error;
  }
  ADD_FAILURE() << "no InputError for:\n" << text;
  return InputError("", 0, "", "");
}

DenseMatrix as_dense(const MarketMatrix& matrix) {
  return std::visit([](const auto& m) { return DenseMatrix(m); }, matrix);
}

std::filesystem::path write_temporary(const std::string& name, const std::string& content) {
  const auto file = std::filesystem::temp_directory_path() / name;
  std::ofstream(file) << content;
  return file;
}

TEST(MatrixMarketReader, CoordinateGeneralIsSparse) {
  const MarketMatrix matrix = parse_matrix_market(
      "%%MatrixMarket matrix coordinate real general\n% a comment\n\n2 3 3\n1 1 2.5\n2 3 -1\n1 2 4\n", "a.mtx");
  ASSERT_TRUE(std::holds_alternative<SparseMatrix>(matrix));
  const DenseMatrix dense = as_dense(matrix);
  ASSERT_EQ(dense.rows(), 2);
  ASSERT_EQ(dense.cols(), 3);
  EXPECT_DOUBLE_EQ(dense(0, 0), 2.5);
  EXPECT_DOUBLE_EQ(dense(1, 2), -1.0);
  EXPECT_DOUBLE_EQ(dense(0, 1), 4.0);
  EXPECT_DOUBLE_EQ(dense(1, 0), 0.0);
}

TEST(MatrixMarketReader, CoordinateSymmetricMirrorsLowerTriangle) {
  const DenseMatrix dense = as_dense(parse_matrix_market(
      "%%MatrixMarket matrix coordinate real symmetric\n3 3 4\n1 1 4\n2 1 -1\n3 2 -2\n3 3 5\n", "s.mtx"));
  EXPECT_DOUBLE_EQ(dense(0, 1), -1.0);
  EXPECT_DOUBLE_EQ(dense(1, 0), -1.0);
  EXPECT_DOUBLE_EQ(dense(1, 2), -2.0);
  EXPECT_DOUBLE_EQ(dense(2, 1), -2.0);
  EXPECT_DOUBLE_EQ(dense(1, 1), 0.0);
  EXPECT_TRUE(dense.isApprox(dense.transpose()));
}

TEST(MatrixMarketReader, DuplicateCoordinateEntriesAreSummed) {
  const DenseMatrix dense =
      as_dense(parse_matrix_market("%%MatrixMarket matrix coordinate integer general\n1 1 2\n1 1 2\n1 1 3\n", "d.mtx"));
  EXPECT_DOUBLE_EQ(dense(0, 0), 5.0);
}

TEST(MatrixMarketReader, ArrayGeneralIsDenseColumnMajor) {
  const MarketMatrix matrix =
      parse_matrix_market("%%MatrixMarket matrix array real general\n2 2\n1\n2\n3\n4\n", "a.mtx");
  ASSERT_TRUE(std::holds_alternative<DenseMatrix>(matrix));
  const DenseMatrix& dense = std::get<DenseMatrix>(matrix);
  EXPECT_DOUBLE_EQ(dense(1, 0), 2.0);
  EXPECT_DOUBLE_EQ(dense(0, 1), 3.0);
}

TEST(MatrixMarketReader, ArraySymmetricReadsLowerTriangle) {
  const DenseMatrix dense =
      as_dense(parse_matrix_market("%%MatrixMarket matrix array real symmetric\n2 2\n1\n2\n3\n", "a.mtx"));
  EXPECT_DOUBLE_EQ(dense(0, 1), 2.0);
  EXPECT_DOUBLE_EQ(dense(1, 0), 2.0);
  EXPECT_DOUBLE_EQ(dense(1, 1), 3.0);
}

TEST(MatrixMarketReader, HeaderIsCaseInsensitive) {
  EXPECT_NO_THROW(parse_matrix_market("%%MatrixMarket MATRIX Coordinate REAL General\n1 1 1\n1 1 1\n", "c.mtx"));
}

TEST(MatrixMarketReader, VectorFromColumnOrRow) {
  const Vector column =
      parse_matrix_market_vector("%%MatrixMarket matrix array real general\n3 1\n1\n-2\n3\n", "q.mtx");
  ASSERT_EQ(column.size(), 3);
  EXPECT_DOUBLE_EQ(column[1], -2.0);
  const Vector row =
      parse_matrix_market_vector("%%MatrixMarket matrix coordinate real general\n1 3 2\n1 1 7\n1 3 9\n", "q.mtx");
  ASSERT_EQ(row.size(), 3);
  EXPECT_DOUBLE_EQ(row[2], 9.0);
  EXPECT_DOUBLE_EQ(row[1], 0.0);
}

TEST(MatrixMarketReader, LcpFromTwoFiles) {
  const auto M = write_temporary("relcp_test_mm_M.mtx",
                                 "%%MatrixMarket matrix coordinate real symmetric\n2 2 3\n1 1 2\n2 1 1\n2 2 2\n");
  const auto q = write_temporary("relcp_test_mm_q.mtx", "%%MatrixMarket matrix array real general\n2 1\n-5\n-6\n");
  const LcpProblem problem = read_matrix_market_lcp(M, q);
  EXPECT_TRUE(problem.is_sparse());
  EXPECT_EQ(problem.size(), 2);
  EXPECT_EQ(problem.nonzeros(), 4);
  EXPECT_DOUBLE_EQ(problem.q()[1], -6.0);

  const auto q3 = write_temporary("relcp_test_mm_q3.mtx", "%%MatrixMarket matrix array real general\n3 1\n1\n2\n3\n");
  try {
    read_matrix_market_lcp(M, q3);
    FAIL() << "size mismatch accepted";
  } catch (const InputError& error) {
    EXPECT_EQ(error.file(), q3.string());
    EXPECT_EQ(error.line(), 2);
  }
  const auto rectangular =
      write_temporary("relcp_test_mm_R.mtx", "%%MatrixMarket matrix coordinate real general\n2 3 1\n1 1 2\n");
  EXPECT_THROW(read_matrix_market_lcp(rectangular, q), InputError);
  for (const auto& file : {M, q, q3, rectangular}) std::filesystem::remove(file);
}

TEST(MatrixMarketReader, EmptyFileAndMissingHeader) {
  EXPECT_EQ(parse_error("").message(), "empty file (or only comments and blank lines)");
  EXPECT_EQ(parse_error("2 2 1\n1 1 1\n").line(), 1);
}

TEST(MatrixMarketReader, UnsupportedTypes) {
  for (const char* header :
       {"%%MatrixMarket matrix coordinate complex general", "%%MatrixMarket matrix coordinate pattern general",
        "%%MatrixMarket matrix coordinate real skew-symmetric", "%%MatrixMarket matrix coordinate real hermitian",
        "%%MatrixMarket vector coordinate real general", "%%MatrixMarket matrix diagonal real general"}) {
    const InputError error = parse_error(std::string(header) + "\n1 1 1\n1 1 1\n");
    EXPECT_EQ(error.line(), 1) << header;
    EXPECT_EQ(error.key(), "header") << header;
  }
}

TEST(MatrixMarketReader, WrongCounts) {
  const InputError too_few = parse_error("%%MatrixMarket matrix coordinate real general\n2 2 3\n1 1 1\n2 2 1\n");
  EXPECT_EQ(too_few.line(), 5);
  EXPECT_NE(too_few.message().find("missing"), std::string::npos);
  EXPECT_EQ(parse_error("%%MatrixMarket matrix coordinate real general\n2 2 1\n1 1 1\n2 2 1\n").line(), 4);
  EXPECT_EQ(parse_error("%%MatrixMarket matrix coordinate real general\n2 2 1\n1 1\n").line(), 3);
  EXPECT_EQ(parse_error("%%MatrixMarket matrix array real general\n2 2\n1\n2\n3\n").line(), 6);
  EXPECT_EQ(parse_error("%%MatrixMarket matrix array real general\n2 2\n1 2\n3\n4\n").line(), 3);
  EXPECT_EQ(parse_error("%%MatrixMarket matrix coordinate real general\n2 2\n").key(), "size");
}

TEST(MatrixMarketReader, NonNumbersNanAndIndices) {
  EXPECT_EQ(parse_error("%%MatrixMarket matrix coordinate real general\n2 2 1\n1 1 abc\n").line(), 3);
  EXPECT_EQ(parse_error("%%MatrixMarket matrix coordinate real general\n2 2 1\n1 1 NaN\n").line(), 3);
  EXPECT_EQ(parse_error("%%MatrixMarket matrix array real general\n1 1\ninf\n").line(), 3);
  EXPECT_EQ(parse_error("%%MatrixMarket matrix coordinate real general\n2 2 1\n3 1 1\n").key(), "row");
  EXPECT_EQ(parse_error("%%MatrixMarket matrix coordinate real general\n2 2 1\n1 0 1\n").key(), "column");
  EXPECT_EQ(parse_error("%%MatrixMarket matrix coordinate real general\n-2 2 1\n1 1 1\n").line(), 2);
  EXPECT_EQ(parse_error("%%MatrixMarket matrix coordinate real general\n2 x 1\n1 1 1\n").line(), 2);
}

TEST(MatrixMarketReader, SymmetricRefusesUpperEntriesAndRectangles) {
  EXPECT_EQ(parse_error("%%MatrixMarket matrix coordinate real symmetric\n2 2 1\n1 2 1\n").line(), 3);
  EXPECT_EQ(parse_error("%%MatrixMarket matrix coordinate real symmetric\n2 3 1\n1 1 1\n").line(), 2);
}

TEST(MatrixMarketReader, RefusesHugeCountsBeforeAllocating) {
  EXPECT_EQ(parse_error("%%MatrixMarket matrix coordinate real general\n5 5 100000000000\n1 1 1\n").line(), 2);
  EXPECT_EQ(parse_error("%%MatrixMarket matrix array real general\n100000 100000\n1\n").line(), 2);
}

}  // namespace
}  // namespace relcp::lcp
