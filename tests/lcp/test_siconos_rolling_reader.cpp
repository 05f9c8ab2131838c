// The reader of Siconos' RollingFrictionContact files (lcp/io/siconos_rolling_friction_reader.hpp):
// Siconos' own test problems (copied in tests/lcp/data/siconos_rolling), the file:line errors of
// malformed texts, and how a rolling file is told from a FrictionContact3D one.

#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "core/error.hpp"
#include "lcp/io/siconos_rolling_friction_reader.hpp"
#include "lcp/io/text_input.hpp"
#include "support/siconos_dat_errors.hpp"

namespace relcp::lcp {
namespace {

const std::filesystem::path kData = std::filesystem::path(RELCP_SOURCE_DIR) / "tests/lcp/data/siconos_rolling";

RollingFrictionProblem read(const std::string& file) { return read_siconos_rolling_friction_dat(kData / file); }

TEST(SiconosRollingReader, ReadsTheOneContactSpheres) {
  const RollingFrictionProblem sphere = read("RFC3D_sphere_1.dat");
  ASSERT_EQ(sphere.contacts(), 1);
  ASSERT_EQ(sphere.size(), 5);
  EXPECT_FALSE(sphere.local().is_sparse());
  const DenseMatrix& W = sphere.local().dense();
  EXPECT_EQ(W(0, 0), 1.0);
  EXPECT_DOUBLE_EQ(W(1, 1), 1.01);
  EXPECT_DOUBLE_EQ(W(4, 1), -0.1);  // column-major: the second line is column 2
  EXPECT_DOUBLE_EQ(W(3, 2), 7.744192777558041307361947e-02);
  EXPECT_DOUBLE_EQ(sphere.q()[0], -8.923570000000022872654881);
  EXPECT_DOUBLE_EQ(sphere.q()[1], 0.19);
  EXPECT_EQ(sphere.q()[4], -1.0);
  EXPECT_DOUBLE_EQ(sphere.mu()[0], 0.6);
  EXPECT_EQ(sphere.mu_r()[0], 0.5);

  const RollingFrictionProblem other = read("RFC3D_sphere_2.dat");
  ASSERT_EQ(other.contacts(), 1);
  EXPECT_DOUBLE_EQ(other.local().dense()(4, 1), -9.973805765020311853152890e-02);
  EXPECT_DOUBLE_EQ(other.q()[0], -6.641583304667983411739840e-02);
  EXPECT_DOUBLE_EQ(other.q()[4], -8.490091428975058418515687e-01);
  EXPECT_DOUBLE_EQ(other.mu()[0], 0.6);
  EXPECT_EQ(other.mu_r()[0], 0.5);
}

TEST(SiconosRollingReader, ReadsTheTwoContactProblems) {
  const RollingFrictionProblem cube = read("RFC3D_cube_1.dat");
  ASSERT_EQ(cube.contacts(), 2);
  ASSERT_EQ(cube.size(), 10);
  const DenseMatrix& W = cube.local().dense();
  EXPECT_DOUBLE_EQ(W(1, 0), 1.011485472005654299458809e-14);
  EXPECT_DOUBLE_EQ(W(4, 1), -1.249999687500057854450120);
  EXPECT_DOUBLE_EQ(W(1, 2), -2.768738946337494233329579e-19);  // W is not exactly symmetric
  EXPECT_DOUBLE_EQ(W(2, 1), -6.003346013664853653146736e-20);
  EXPECT_EQ(W(9, 9), 0.625);
  EXPECT_DOUBLE_EQ(cube.q()[0], -4.903324999967638778142209e-03);
  EXPECT_DOUBLE_EQ(cube.q()[9], 9.999999999999967803532286e-01);
  for (Index c = 0; c < 2; ++c) {
    EXPECT_DOUBLE_EQ(cube.mu()[c], 0.3);
    EXPECT_DOUBLE_EQ(cube.mu_r()[c], 0.1);
  }

  const RollingFrictionProblem sphere = read("rfc3d_sphere_from_grfc3d_dense.dat");
  ASSERT_EQ(sphere.contacts(), 2);
  EXPECT_DOUBLE_EQ(sphere.local().dense()(0, 0), 367.281);
  EXPECT_DOUBLE_EQ(sphere.local().dense()(4, 1), -91818.3);
  EXPECT_DOUBLE_EQ(sphere.local().dense()(9, 9), 9.18165e6);
  EXPECT_DOUBLE_EQ(sphere.q()[0], -9.806650000000008762790493e-03);
  for (Index c = 0; c < 2; ++c) {
    EXPECT_DOUBLE_EQ(sphere.mu()[c], 0.3);
    EXPECT_DOUBLE_EQ(sphere.mu_r()[c], 0.001);
  }
}

TEST(SiconosRollingReader, ReadsTheRockfall) {
  const RollingFrictionProblem rocks = read("rockfall_14_25792.dat");
  ASSERT_EQ(rocks.contacts(), 14);
  ASSERT_EQ(rocks.size(), 70);
  const DenseMatrix& W = rocks.local().dense();
  EXPECT_DOUBLE_EQ(W(0, 0), 2.388420572626921071883455e-04);
  EXPECT_DOUBLE_EQ(W(1, 0), 4.542392786913362022743063e-05);
  EXPECT_DOUBLE_EQ(W(0, 1), 4.542374138599253693320337e-05);
  EXPECT_DOUBLE_EQ(W(69, 69), 4.032671665557456628509181e-04);
  EXPECT_DOUBLE_EQ(rocks.q()[0], -8.494048852307955685403407e-03);
  EXPECT_DOUBLE_EQ(rocks.q()[69], -6.173593422055979607065979e-01);
  for (Index c = 0; c < 14; ++c) {
    const bool rough = c == 5 || c == 6 || c == 9;  // the file's 0.8, 0.8 pairs
    EXPECT_DOUBLE_EQ(rocks.mu()[c], rough ? 0.8 : 0.7) << "contact " << c;
    EXPECT_DOUBLE_EQ(rocks.mu_r()[c], rough ? 0.8 : 0.1) << "contact " << c;
  }
}

TEST(SiconosRollingReader, EveryCopiedFileIsRecognizedAsRolling) {
  for (const auto& entry : std::filesystem::directory_iterator(kData)) {
    if (entry.path().extension() != ".dat") continue;
    EXPECT_TRUE(looks_like_siconos_rolling_friction_dat(text::read_file(entry.path()))) << entry.path();
  }
  EXPECT_TRUE(looks_like_siconos_rolling_friction_dat(" \n\t5\n1\n"));
  EXPECT_FALSE(looks_like_siconos_rolling_friction_dat("3\n1\n0\n"));
  EXPECT_FALSE(looks_like_siconos_rolling_friction_dat("50\n"));
  EXPECT_FALSE(looks_like_siconos_rolling_friction_dat(""));
}

// One contact, W = I, q = (-1, 0, 0, 0.3, 0), mu = 0.5, mu_r = 0.1, written as Siconos does.
const std::string kValid =
    "5\n1\n0\n5\n5\n5\t5\n"
    "1 0 0 0 0\n0 1 0 0 0\n0 0 1 0 0\n0 0 0 1 0\n0 0 0 0 1\n"
    "-1 0 0 0.3 0\n"
    "0.5\n"
    "0.1\n";

std::string replaced(std::string text, const std::string& from, const std::string& to) {
  const std::size_t at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  return text.replace(at, from.size(), to);
}

InputError error_of(const std::string& text) {
  return testing::parse_error_of(parse_siconos_rolling_friction_dat, text);
}

void expect_error(const std::string& text, int line, const std::string& key, const std::string& words) {
  const InputError error = error_of(text);
  EXPECT_EQ(error.file(), "case.dat");
  EXPECT_EQ(error.line(), line) << error.what();
  EXPECT_EQ(error.key(), key) << error.what();
  EXPECT_NE(std::string(error.what()).find(words), std::string::npos) << error.what();
}

TEST(SiconosRollingReader, ReadsAValidText) {
  const RollingFrictionProblem problem = parse_siconos_rolling_friction_dat(kValid, "case.dat");
  EXPECT_EQ(problem.local().dense(), DenseMatrix::Identity(5, 5));
  EXPECT_EQ(problem.q()[3], 0.3);
  EXPECT_EQ(problem.mu()[0], 0.5);
  EXPECT_EQ(problem.mu_r()[0], 0.1);
}

TEST(SiconosRollingReader, SparseBlockTextEqualsItsDenseTwin) {
  // The same problem with W = I as one 5 x 5 block (siconos_sparse_block_reader.hpp's layout).
  std::string sparse = "5\n1\n1\n5\n5\n1\n1\n1\n5\n5\n2\n1\n0 1\n0\n0\n";
  for (Index column = 0; column < 5; ++column) {
    for (Index row = 0; row < 5; ++row) sparse += row == column ? "1\n" : "0\n";
  }
  sparse += "-1 0 0 0.3 0\n0.5\n0.1\n";
  const RollingFrictionProblem blocks = parse_siconos_rolling_friction_dat(sparse, "case.dat");
  const RollingFrictionProblem dense = parse_siconos_rolling_friction_dat(kValid, "case.dat");
  EXPECT_TRUE(blocks.local().is_sparse());
  EXPECT_EQ(blocks.local().nonzeros(), 5);
  EXPECT_EQ(DenseMatrix(blocks.local().dense()), dense.local().dense());
  EXPECT_EQ(blocks.q(), dense.q());
  EXPECT_EQ(blocks.mu(), dense.mu());
  EXPECT_EQ(blocks.mu_r(), dense.mu_r());
}

TEST(SiconosRollingReader, MissingFileIsAnInputError) { EXPECT_THROW(read("no_such_file.dat"), InputError); }

TEST(SiconosRollingReader, RefusesMalformedTextsWithFileLineAndKey) {
  expect_error("", 1, "dimension", "missing the dimension");
  expect_error(replaced(kValid, "5\n1\n", "3\n1\n"), 1, "dimension", "dimension 5");
  expect_error(replaced(kValid, "5\n1\n", "5\n0\n"), 2, "contacts", "at least 1");
  expect_error(replaced(kValid, "5\n1\n0\n", "5\n1\n2\n"), 3, "storage", "storage 2");
  expect_error(replaced(kValid, "5\n1\n0\n", "5\n1\n7\n"), 3, "storage", "0 (dense) or 1 (sparse block)");
  expect_error(replaced(kValid, "0\n5\n5\n", "0\n6\n5\n"), 4, "rows", "5 x contacts = 5");
  expect_error(replaced(kValid, "0 1 0 0 0", "0 x 0 0 0"), 8, "W", "");
  expect_error(replaced(kValid, "-1 0 0 0.3 0\n0.5\n0.1\n", "-1 0 0\n"), 13, "q", "missing value 4 of q");
  expect_error(replaced(kValid, "0.5\n", "-0.5\n"), 13, "mu", "friction coefficient 1 is negative");
  expect_error(replaced(kValid, "0.1\n", "-0.1\n"), 14, "mu_r", "rolling friction coefficient 1 is negative");
  expect_error(replaced(kValid, "0.1\n", ""), 14, "mu_r", "missing rolling friction coefficient 1");
  expect_error(replaced(kValid, "0.1\n", "nan\n"), 14, "mu_r", "");
}

}  // namespace
}  // namespace relcp::lcp
