// [PL] 4.1 as reconstructed: the printed M^h (labelled 2^-8, 2^-7, 2^-6 in the paper, which is
// h = 2^-9, 2^-8, 2^-7; docs/dlcp.md) and where M^h stops being a Z-matrix.

#include <gtest/gtest.h>

#include <cmath>

#include "dcs/problems/dlcp_matrix_properties.hpp"
#include "dcs/problems/wuchen_small_problem.hpp"
#include "dcs/waveform/dlcp_shifted_solver.hpp"
#include "dcs/waveform/implicit_euler.hpp"

namespace relcp::dcs {
namespace {

DlcpProblem problem() { return make_wuchen_small_problem({}, Vector::Zero(3)); }

DenseMatrix step_matrix(double h) {
  const DlcpProblem p = problem();
  const auto solver = make_shifted_solver(p.A, h, {});
  return implicit_euler_step_matrix(p, h, *solver);
}

DenseMatrix printed(std::initializer_list<double> entries) {
  DenseMatrix M(4, 4);
  auto it = entries.begin();
  for (int i = 0; i < 4; ++i) {
    for (int j = 0; j < 4; ++j) M(i, j) = *it++;
  }
  return M;
}

// The paper prints 4 decimals: agreement to half a unit in the last place (plus round-off).
void expect_matches_print(const DenseMatrix& computed, const DenseMatrix& print) {
  EXPECT_LE((computed - print).cwiseAbs().maxCoeff(), 0.5e-4 + 1e-12) << computed;
}

TEST(WuChenSmall, ReconstructedMatricesReproducePrintedMh1AtTwoToMinusNine) {
  expect_matches_print(step_matrix(std::ldexp(1.0, -9)),
                       printed({0.6725, -0.9942, -0.3333, -1.6725, -0.6598, 0.3480, -0.6511, -1.3246, -0.6569, -0.0226,
                                0.0058, -1.6696, -1.0253, -0.0263, -1.6803, 0.3421}));
}

TEST(WuChenSmall, ReconstructedMatricesReproducePrintedMh2AtTwoToMinusEight) {
  expect_matches_print(step_matrix(std::ldexp(1.0, -8)),
                       printed({0.6782, -0.9884, -0.3334, -1.6783, -0.6528, 0.3628, -0.6355, -1.3160, -0.6472, -0.0119,
                                0.0117, -1.6725, -1.0506, -0.0526, -1.6939, 0.3509}));
}

TEST(WuChenSmall, ReconstructedMatricesReproducePrintedMh3AtTwoToMinusSeven) {
  expect_matches_print(step_matrix(std::ldexp(1.0, -7)),
                       printed({0.6896, -0.9770, -0.3335, -1.6897, -0.6385, 0.3925, -0.6045, -1.2993, -0.6279, 0.0095,
                                0.0232, -1.6785, -1.1007, -0.1050, -1.7207, 0.3686}));
}

TEST(WuChenSmall, TheLabelsOfThePaperDoNotFit) {
  // Under the paper's own labels (2^-8 for M1^h) the entries differ in the third decimal.
  const DenseMatrix at_label = step_matrix(std::ldexp(1.0, -8));
  EXPECT_GT(std::abs(at_label(0, 0) - 0.6725), 1e-3);
}

TEST(WuChenSmall, MIsZButNotP) {
  const DenseMatrix M = wuchen_small_M();
  EXPECT_TRUE(is_z_matrix(M));
  EXPECT_EQ(is_p_matrix(M), false);  // M_33 = 0
}

TEST(WuChenSmall, StepMatrixLosesTheZPropertyBetweenTwoToMinusEightAndMinusSeven) {
  EXPECT_TRUE(is_z_matrix(step_matrix(std::ldexp(1.0, -9))));
  EXPECT_TRUE(is_z_matrix(step_matrix(std::ldexp(1.0, -8))));
  EXPECT_FALSE(is_z_matrix(step_matrix(std::ldexp(1.0, -7))));
  EXPECT_FALSE(is_z_matrix(step_matrix(std::ldexp(1.0, -6))));

  // Bisection on the largest off-diagonal entry: the threshold h* = 0.0060779 = 2^-7.362
  // (docs/dlcp.md), where entry (3,2) (1-based) crosses zero.
  double below = std::ldexp(1.0, -8), above = std::ldexp(1.0, -7);
  for (int i = 0; i < 60; ++i) {
    const double middle = 0.5 * (below + above);
    (largest_off_diagonal(step_matrix(middle)) <= 0.0 ? below : above) = middle;
  }
  EXPECT_NEAR(below, 0.0060779, 1e-7);
  const DenseMatrix just_above = step_matrix(above * (1 + 1e-6));
  Eigen::Index row = 0, col = 0;
  DenseMatrix off = just_above;
  off.diagonal().setConstant(-1.0);
  off.maxCoeff(&row, &col);
  EXPECT_EQ(row, 2);
  EXPECT_EQ(col, 1);
}

TEST(WuChenSmall, ImplicitEulerReportsTheLossOfTheZProperty) {
  const DlcpProblem p = problem();
  ImplicitEulerOptions options;
  options.selection = LcpSelection::least_element;
  const TimeGrid fine = make_time_grid(std::ldexp(1.0, -6), std::ldexp(1.0, -9));
  const TimeGrid coarse = make_time_grid(std::ldexp(1.0, -5), std::ldexp(1.0, -7));
  EXPECT_TRUE(solve_implicit_euler(p, fine, options).report.step_matrix_is_z);
  const ImplicitEulerReport report = solve_implicit_euler(p, coarse, options).report;
  EXPECT_FALSE(report.step_matrix_is_z);
  EXPECT_NEAR(report.step_matrix_largest_off_diagonal, 0.0095, 0.5e-4);
  EXPECT_EQ(report.selection_applies, false);
}

}  // namespace
}  // namespace relcp::dcs
