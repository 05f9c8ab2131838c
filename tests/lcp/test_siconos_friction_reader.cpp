// The reader of Siconos' FrictionContact3D files (lcp/io/siconos_friction_reader.hpp): Siconos'
// own test problems (copied in tests/lcp/data/siconos_fc3d), and the file:line errors of
// malformed texts.

#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "core/error.hpp"
#include "lcp/io/siconos_friction_reader.hpp"
#include "support/siconos_dat_errors.hpp"

namespace relcp::lcp {
namespace {

const std::filesystem::path kData = std::filesystem::path(RELCP_SOURCE_DIR) / "tests/lcp/data/siconos_fc3d";

TEST(SiconosFrictionReader, ReadsDenseValuesOnePerLineWithBlankLines) {
  // dimension 3, 1 contact, W's columns one value a line, blank lines between them.
  const FrictionContactProblem problem = read_siconos_friction_dat(kData / "FrictionContact3D_1c.dat");
  ASSERT_EQ(problem.contacts(), 1);
  ASSERT_EQ(problem.size(), 3);
  EXPECT_FALSE(problem.local().is_sparse());
  const DenseMatrix& W = problem.local().dense();
  EXPECT_EQ(W(0, 0), 15.0);
  EXPECT_EQ(W(1, 0), -1.0);  // column-major: the second value is row 2 of column 1
  EXPECT_EQ(W(0, 2), -2.0);
  EXPECT_EQ(W(2, 2), 16.0);
  EXPECT_EQ(problem.q(), Vector(Eigen::Vector3d(-1.0, 2.0, 3.0)));
  EXPECT_EQ(problem.mu()[0], 0.1);
}

TEST(SiconosFrictionReader, ReadsDenseColumnsPerLineAndIgnoresWhatFollowsMu) {
  const FrictionContactProblem problem = read_siconos_friction_dat(kData / "Rover11035.dat");  // ends with "1"
  ASSERT_EQ(problem.contacts(), 1);
  EXPECT_DOUBLE_EQ(problem.local().dense()(0, 0), 1.358309568142355636122254e-02);
  EXPECT_DOUBLE_EQ(problem.local().dense()(0, 1), -1.438285701497408206397943e-04);
  EXPECT_DOUBLE_EQ(problem.q()[1], -1.570886479868534024717519e-01);
  EXPECT_DOUBLE_EQ(problem.mu()[0], 0.7);
}

TEST(SiconosFrictionReader, SparseBlockFileEqualsItsDenseTwin) {
  const FrictionContactProblem dense = read_siconos_friction_dat(kData / "FC3D_Example1.dat");
  const FrictionContactProblem sparse = read_siconos_friction_dat(kData / "FC3D_Example1_SBM.dat");
  EXPECT_FALSE(dense.local().is_sparse());
  EXPECT_TRUE(sparse.local().is_sparse());
  ASSERT_EQ(sparse.contacts(), 3);
  EXPECT_EQ(DenseMatrix(sparse.local().dense()), dense.local().dense());
  EXPECT_EQ(sparse.q(), dense.q());
  EXPECT_EQ(sparse.mu(), dense.mu());
}

TEST(SiconosFrictionReader, ReadsTheLargerSparseBlockProblems) {
  const FrictionContactProblem boxes = read_siconos_friction_dat(kData / "BoxesStack1-i100000-32.hdf5.dat");
  EXPECT_EQ(boxes.contacts(), 52);
  EXPECT_EQ(boxes.local().nonzeros(), 592 * 9);
  EXPECT_DOUBLE_EQ(boxes.mu()[51], 0.7);
  const FrictionContactProblem object = read_siconos_friction_dat(kData / "OneObject-i100000-499.hdf5.dat");
  EXPECT_EQ(object.contacts(), 24);
  EXPECT_DOUBLE_EQ(object.mu()[0], 0.3);
}

InputError parse_error(const std::string& text) { return testing::parse_error_of(parse_siconos_friction_dat, text); }

// One contact, W = I, dense; lines: 1 dimension, 2 contacts, 3 storage, 4 rows, 5 columns,
// 6 "3 3", 7-9 columns of W, 10 q, 11 mu.
std::string one_contact(const std::string& mu = "0.5", const std::string& q = "-1 2 0",
                        const std::string& dimension = "3", const std::string& rows = "3",
                        const std::string& column = "1 0 0") {
  return dimension + "\n1\n0\n" + rows + "\n3\n3 3\n" + column + "\n0 1 0\n0 0 1\n" + q + "\n" + mu + "\n";
}

TEST(SiconosFrictionReader, ParsesTheReferenceText) {
  const FrictionContactProblem problem = parse_siconos_friction_dat(one_contact(), "case.dat");
  EXPECT_EQ(problem.local().dense(), DenseMatrix(DenseMatrix::Identity(3, 3)));
  EXPECT_EQ(problem.mu()[0], 0.5);
}

TEST(SiconosFrictionReader, MalformedTextsNameFileLineAndKey) {
  struct Case {
    std::string text;
    int line;
    std::string key;
  };
  const Case cases[] = {
      {"", 1, "dimension"},
      {one_contact("0.5", "-1 2 0", "2"), 1, "dimension"},
      {"3\n0\n0\n0\n0\n", 2, "contacts"},
      {one_contact("0.5", "-1 2 0", "3", "6"), 4, "rows"},
      {one_contact("0.5", "-1 2 0", "3", "3", "1 x 0"), 7, "W"},
      {one_contact("-0.5"), 11, "mu"},
      {one_contact("nan"), 11, "mu"},
      {one_contact("0.5", "-1 2"), 12, "mu"},  // q takes the mu line's value, mu is missing
      {one_contact(""), 12, "mu"},             // missing: one line past the end
      {"3\n1\n5\n3\n3\n", 3, "storage"},
  };
  for (const Case& c : cases) {
    const InputError error = parse_error(c.text);
    EXPECT_EQ(error.file(), "case.dat") << c.text;
    EXPECT_EQ(error.line(), c.line) << c.text << "\n" << error.what();
    EXPECT_EQ(error.key(), c.key) << c.text << "\n" << error.what();
    EXPECT_EQ(std::string(error.what()).rfind("case.dat:" + std::to_string(c.line) + ": " + c.key + ": ", 0), 0u)
        << error.what();
  }
}

TEST(SiconosFrictionReader, MissingFileIsAnInputError) {
  EXPECT_THROW(read_siconos_friction_dat(kData / "no_such_file.dat"), InputError);
}

}  // namespace
}  // namespace relcp::lcp
