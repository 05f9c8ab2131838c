// The Signorini DLCP of [PL] 4.2 / App. A: structure of the matrices and the spectrum of A.

#include <gtest/gtest.h>

#include <Eigen/Eigenvalues>
#include <cmath>
#include <numbers>

#include "core/error.hpp"
#include "dcs/problems/dlcp_matrix_properties.hpp"
#include "dcs/problems/signorini_problem.hpp"

namespace relcp::dcs {
namespace {

TEST(Signorini, GridSizesFollowDx) {
  EXPECT_EQ(make_signorini_problem({0.025, 2e-3}).side, 39);
  EXPECT_EQ(make_signorini_problem({1.0 / 64, 2e-3}).side, 63);
  EXPECT_THROW(make_signorini_problem({0.03, 2e-3}), InputError);
  EXPECT_THROW(make_signorini_problem({0.5, 2e-3}), InputError);
  EXPECT_THROW(make_signorini_problem({0.125, 0.0}), InputError);
}

TEST(Signorini, MatricesHaveThePaperStructure) {
  const SignoriniProblem s = make_signorini_problem({0.125, 2e-3});
  const int Q = s.side;
  const DlcpProblem& p = s.dlcp;
  ASSERT_EQ(p.state_size(), Q * Q);
  ASSERT_EQ(p.constraint_size(), Q);
  EXPECT_TRUE(is_z_matrix(p.M));
  EXPECT_EQ(is_p_matrix(p.M), true);
  EXPECT_DOUBLE_EQ(p.M(2, 2), 4.0);
  EXPECT_DOUBLE_EQ(p.M(2, 3), -1.0);
  const double coupling = 2e-3 * 64.0;  // c / dx^2
  for (int q = 0; q < Q; ++q) {
    EXPECT_DOUBLE_EQ(p.B.coeff(q * Q, q), coupling);  // first x1 entry of block q
    EXPECT_DOUBLE_EQ(p.N.coeff(q, q * Q), -2.0);
  }
  EXPECT_EQ(p.B.nonZeros(), Q);
  EXPECT_EQ(p.N.nonZeros(), Q);
  // f = B psi and g = M psi with psi = 4/(1+t) near the ends, sin(2 pi t) in the middle.
  const double t = 0.3;
  const Vector g = p.offset(t);
  const Vector f = p.source(t);
  Vector psi(Q);
  for (int i = 0; i < Q; ++i) psi[i] = signorini_obstacle((i + 1) * 0.125, t);
  EXPECT_NEAR((g - p.M * psi).norm(), 0.0, 1e-14);
  EXPECT_NEAR((f - p.B * psi).norm(), 0.0, 1e-14);
  EXPECT_DOUBLE_EQ(psi[0], 4.0 / 1.3);
  EXPECT_DOUBLE_EQ(psi[3], std::sin(2 * std::numbers::pi * 0.3));
  EXPECT_DOUBLE_EQ(p.x0[1 + 2 * Q], signorini_initial_value(0.25, 0.375));
}

TEST(Signorini, SpectrumOfAIsTheSineTransformOne) {
  const SignoriniProblem s = make_signorini_problem({0.125, 2e-3});
  const int Q = s.side;
  const DenseMatrix A = DenseMatrix(s.dlcp.A);
  const Eigen::SelfAdjointEigenSolver<DenseMatrix> eigen(A);
  std::vector<double> expected;
  for (int k1 = 1; k1 <= Q; ++k1) {
    for (int k2 = 1; k2 <= Q; ++k2) {
      const auto sine2 = [Q](int k) { return std::pow(std::sin(k * std::numbers::pi / (2.0 * (Q + 1))), 2); };
      expected.push_back(-4.0 * 2e-3 * 64.0 * (sine2(k1) + sine2(k2)));
    }
  }
  std::sort(expected.begin(), expected.end());
  for (int i = 0; i < Q * Q; ++i) EXPECT_NEAR(eigen.eigenvalues()[i], expected[static_cast<std::size_t>(i)], 1e-12);
}

}  // namespace
}  // namespace relcp::dcs
