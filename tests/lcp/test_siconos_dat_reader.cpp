#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "core/error.hpp"
#include "lcp/io/siconos_dat_reader.hpp"
#include "support/siconos_dat_errors.hpp"
#include "lcp/io/siconos_dat_writer.hpp"
#include "lcp/problems/erleben_generators.hpp"

namespace relcp::lcp {
namespace {

InputError parse_error(const std::string& text) { return testing::siconos_dat_parse_error(text); }

constexpr const char* kHeader2 = "2\n0\n2\n2\n2\t2\n";

TEST(SiconosDatReader, ReadsColumnMajorMatrixAndQ) {
  // Line k after the header is column k of M (Siconos writes matrix0[] column-major).
  const LcpProblem problem = parse_siconos_dat(std::string(kHeader2) + "1 3\n2 4\n-5 6.5e-1\n", "case.dat");
  ASSERT_EQ(problem.size(), 2);
  ASSERT_FALSE(problem.is_sparse());
  EXPECT_DOUBLE_EQ(problem.dense()(0, 0), 1.0);
  EXPECT_DOUBLE_EQ(problem.dense()(1, 0), 3.0);
  EXPECT_DOUBLE_EQ(problem.dense()(0, 1), 2.0);
  EXPECT_DOUBLE_EQ(problem.dense()(1, 1), 4.0);
  EXPECT_DOUBLE_EQ(problem.q()[0], -5.0);
  EXPECT_DOUBLE_EQ(problem.q()[1], 0.65);
}

TEST(SiconosDatReader, AcceptsSiconosTestFileLayout) {
  // The layout of Siconos' own lcp_CPS_1.dat: space instead of tab, a blank line, free notes.
  const LcpProblem problem =
      parse_siconos_dat("2\n0\n2\n2\n2 2\n1 1\n1 1\n-1 -1\n\nRemark 4.1.14 CPS 2009\nset of solutions\n", "cps.dat");
  EXPECT_EQ(problem.size(), 2);
  EXPECT_DOUBLE_EQ(problem.q()[1], -1.0);
}

TEST(SiconosDatReader, AcceptsQOverSeveralLinesAndCrLf) {
  const LcpProblem problem = parse_siconos_dat("2\r\n0\r\n2\r\n2\r\n2\t2\r\n1 0\r\n0 1\r\n+1\r\n-2\r\n", "crlf.dat");
  EXPECT_DOUBLE_EQ(problem.q()[0], 1.0);
  EXPECT_DOUBLE_EQ(problem.q()[1], -2.0);
}

TEST(SiconosDatReader, WriterRoundTripIsExact) {
  const erleben::GeneratedLcp generated = erleben::make_contact_lcp(2, 7);  // non-symmetric M
  const LcpProblem back = parse_siconos_dat(format_siconos_dat(generated.problem), "round.dat");
  EXPECT_EQ(back.dense(), generated.problem.dense());
  EXPECT_EQ(back.q(), generated.problem.q());
}

TEST(SiconosDatReader, WritesAndReadsFiles) {
  const auto file = std::filesystem::temp_directory_path() / "relcp_test_siconos_roundtrip.dat";
  const erleben::GeneratedLcp generated = erleben::make_pd_lcp(5, 3);
  write_siconos_dat(file, generated.problem);
  const LcpProblem back = read_siconos_dat(file);
  EXPECT_EQ(back.dense(), generated.problem.dense());
  std::filesystem::remove(file);
}

TEST(SiconosDatReader, EmptyFile) {
  const InputError error = parse_error("");
  EXPECT_EQ(error.line(), 1);
  EXPECT_NE(error.message().find("empty"), std::string::npos);
  EXPECT_EQ(parse_error("  \n\n").message(), "empty file (or only comments and blank lines)");
}

TEST(SiconosDatReader, MissingFileNamesIt) {
  try {
    read_siconos_dat("/nonexistent/relcp/missing.dat");
    FAIL() << "no error";
  } catch (const InputError& error) {
    EXPECT_EQ(error.file(), "/nonexistent/relcp/missing.dat");
  }
}

TEST(SiconosDatReader, NegativeOrZeroSize) {
  EXPECT_EQ(parse_error("-3\n0\n").line(), 1);
  EXPECT_NE(parse_error("-3\n0\n").message().find("negative"), std::string::npos);
  EXPECT_EQ(parse_error("0\n0\n0\n0\n0\t0\n").key(), "n");
}

TEST(SiconosDatReader, NonNumbers) {
  EXPECT_EQ(parse_error("two\n").line(), 1);
  const InputError in_matrix = parse_error(std::string(kHeader2) + "1 x\n2 4\n1 1\n");
  EXPECT_EQ(in_matrix.line(), 6);
  EXPECT_EQ(in_matrix.key(), "M");
  const InputError in_q = parse_error(std::string(kHeader2) + "1 0\n0 1\n1 1..2\n");
  EXPECT_EQ(in_q.line(), 8);
  EXPECT_EQ(in_q.key(), "q");
}

TEST(SiconosDatReader, NanAndInf) {
  EXPECT_EQ(parse_error(std::string(kHeader2) + "1 nan\n0 1\n1 1\n").line(), 6);
  EXPECT_EQ(parse_error(std::string(kHeader2) + "1 0\n0 1\n1 -inf\n").line(), 8);
  EXPECT_NE(parse_error(std::string(kHeader2) + "1 0\n0 1\n1 1e400\n").message().find("range"), std::string::npos);
}

TEST(SiconosDatReader, WrongCountsInMatrix) {
  const InputError short_column = parse_error(std::string(kHeader2) + "1\n0 1\n1 1\n");
  EXPECT_EQ(short_column.line(), 6);
  EXPECT_EQ(short_column.key(), "M");
  const InputError long_column = parse_error(std::string(kHeader2) + "1 0\n0 1 2\n1 1\n");
  EXPECT_EQ(long_column.line(), 7);
}

TEST(SiconosDatReader, MissingOrShortQ) {
  const InputError missing = parse_error(std::string(kHeader2) + "1 0\n0 1\n");
  EXPECT_EQ(missing.key(), "q");
  EXPECT_EQ(missing.line(), 8);
  EXPECT_NE(missing.message().find("missing"), std::string::npos);
  EXPECT_EQ(parse_error(std::string(kHeader2) + "1 0\n0 1\n5\n").line(), 8);
  EXPECT_EQ(parse_error(std::string(kHeader2) + "1 0\n0 1\n5 6 7\n").key(), "q");
  EXPECT_EQ(parse_error(std::string(kHeader2) + "1 0\n0 1\n5 6\n7\n").line(), 9);
}

TEST(SiconosDatReader, WrongDimensionsAndStorage) {
  EXPECT_EQ(parse_error("2\n2\n2\n2\n2\t2\n").key(), "storage");  // 1 is sparse block
  EXPECT_EQ(parse_error("2\n0\n3\n2\n2\t2\n").line(), 3);
  EXPECT_EQ(parse_error("2\n0\n2\n3\n2\t2\n").line(), 4);
  EXPECT_EQ(parse_error("2\n0\n2\n2\n2\t3\n").line(), 5);
  EXPECT_EQ(parse_error("2\n0\n2\n2\n2\n").key(), "dimensions");
  EXPECT_EQ(parse_error("2\n0\n2\n" + std::string(20, '\n')).key(), "columns");
}

TEST(SiconosDatReader, RefusesHugeSizeBeforeAllocating) {
  const InputError error = parse_error("1000000000\n0\n1000000000\n1000000000\n1000000000\t1000000000\n");
  EXPECT_EQ(error.line(), 1);
  EXPECT_NE(error.message().find("too short"), std::string::npos);
}

TEST(SiconosDatReader, ErrorTextNamesFileAndLine) {
  const InputError error = parse_error(std::string(kHeader2) + "1 0\n0 oops\n1 1\n");
  EXPECT_STREQ(error.what(), "case.dat:7: M: not a number: 'oops'");
}

}  // namespace
}  // namespace relcp::lcp
