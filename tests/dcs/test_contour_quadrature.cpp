// The hyperbolic contour rule of the Laplace iteration against exact integrators: the P -> inf
// limit of [PL] (2.17) is the exact exponential integrator of the piecewise-linear source
// (docs/laplace.md), and the quadrature error follows e^{-2.06 sqrt(P)} / sqrt(P) (Wu & Chen 2017).

#include <gtest/gtest.h>

#include <unsupported/Eigen/MatrixFunctions>
#include <cmath>
#include <cstdio>
#include <numbers>
#include <vector>

#include "core/error.hpp"
#include "dcs/laplace/contour_hyperbolic.hpp"
#include "dcs/laplace/laplace_dense_ode_solver.hpp"
#include "dcs/problems/dlcp_problem.hpp"
#include "dcs/problems/dlcp_time_grid.hpp"

namespace relcp::dcs {
namespace {

// x' = A x + a(t), a piecewise linear through the columns of `nodal`: each step exactly, by the
// exponential of the augmented matrix [[A, a_{j-1}, (a_j - a_{j-1})/h], [0, 0, 0], [0, 1, 0]]
// acting on (x_{j-1}, 1, 0) (the source's constant and linear parts as extra states).
DenseMatrix exact_piecewise_linear_response(const DenseMatrix& A, const Vector& x0, const DenseMatrix& nodal,
                                            double h) {
  const Eigen::Index m = A.rows();
  DenseMatrix x(m, nodal.cols());
  x.col(0) = x0;
  for (Eigen::Index j = 1; j < nodal.cols(); ++j) {
    DenseMatrix augmented = DenseMatrix::Zero(m + 2, m + 2);
    augmented.topLeftCorner(m, m) = A;
    augmented.col(m).head(m) = nodal.col(j - 1);
    augmented.col(m + 1).head(m) = (nodal.col(j) - nodal.col(j - 1)) / h;
    augmented(m + 1, m) = 1.0;
    Vector state = Vector::Zero(m + 2);
    state.head(m) = x.col(j - 1);
    state[m] = 1.0;
    x.col(j) = (DenseMatrix((augmented * h).exp()) * state).head(m);
  }
  return x;
}

// The DLCP x' = A x + I y (the "complementarity" values are just the nodal source values).
DlcpProblem linear_system(const DenseMatrix& A, const Vector& x0) {
  DlcpProblem problem;
  problem.A = to_sparse(A);
  problem.B = to_sparse(DenseMatrix::Identity(A.rows(), A.rows()));
  problem.N = to_sparse(DenseMatrix::Zero(A.rows(), A.rows()));
  problem.M = DenseMatrix::Identity(A.rows(), A.rows());
  problem.x0 = x0;
  return problem;
}

DenseMatrix nodal_source(Eigen::Index m, const TimeGrid& grid) {
  DenseMatrix nodal(m, grid.points());
  for (Eigen::Index l = 0; l < grid.points(); ++l) {
    const double t = grid.t(l);
    for (Eigen::Index i = 0; i < m; ++i) nodal(i, l) = std::sin(5.0 * t + static_cast<double>(i)) + t * t;
  }
  return nodal;
}

double contour_error(const DenseMatrix& A, const Vector& x0, const TimeGrid& grid, int half_nodes) {
  const DlcpProblem problem = linear_system(A, x0);
  const HyperbolicContour contour(HyperbolicContourParameters::wu_chen(half_nodes));
  DenseLaplaceOdeSolver solver(problem, grid, contour, ComputeBackend::serial);
  const DenseMatrix nodal = nodal_source(A.rows(), grid);
  DenseMatrix x;
  TimeSplit split;
  solver.solve(nodal, x, split);
  const DenseMatrix exact = exact_piecewise_linear_response(A, x0, nodal, grid.h);
  return (x - exact).cwiseAbs().maxCoeff();
}

TEST(ContourParameters, WuChenValuesAndThetaMax) {
  const HyperbolicContourParameters p25 = HyperbolicContourParameters::wu_chen(25);
  EXPECT_NEAR(p25.step, 0.41206, 1e-12);
  EXPECT_NEAR(p25.mu, 1.25, 1e-15);
  EXPECT_NEAR(p25.gamma, 0.794, 1e-15);
  EXPECT_NEAR(p25.admissible_sector_angle(), 0.7768, 1e-4);
  const HyperbolicContourParameters p64 = HyperbolicContourParameters::wu_chen(64);
  EXPECT_NEAR(p64.step * 64, 16.482, 1e-3);  // v_max = P step
  // Theta_max of [PL] (2.15) at P = 25, computed independently (docs/laplace.md).
  EXPECT_NEAR(HyperbolicContour(p25).theta_max(), 178.39, 0.01);
}

TEST(ContourParameters, RejectsInvalidValues) {
  HyperbolicContourParameters parameters = HyperbolicContourParameters::wu_chen(10);
  parameters.gamma = 1.6;
  EXPECT_THROW(HyperbolicContour{parameters}, InputError);
  EXPECT_THROW(HyperbolicContour{HyperbolicContourParameters::wu_chen(0)}, InputError);
}

TEST(ContourNodes, LieOnTheHyperbolaWithTheParametrizationDerivative) {
  const HyperbolicContour contour(HyperbolicContourParameters::wu_chen(16));
  const auto& p = contour.parameters();
  for (int k = 0; k <= 16; ++k) {
    const Complex w = contour.node(k) / p.mu;
    const double a = (1.0 - w.real()) / std::sin(p.gamma);
    const double b = w.imag() / std::cos(p.gamma);
    EXPECT_NEAR(a * a - b * b, 1.0, 1e-9 * a * a);
    EXPECT_GT(a, 0.0);  // the left branch, opening towards -infinity
    // The stored derivative is dz/dv: compare with a central difference of the node formula.
    const double v = k * p.step;
    const double dv = 1e-6;
    const auto node_at = [&](double s) {
      return p.mu * Complex(1.0 - std::sin(p.gamma) * std::cosh(s), std::cos(p.gamma) * std::sinh(s));
    };
    const Complex difference = (node_at(v + dv) - node_at(v - dv)) / (2.0 * dv);
    EXPECT_LT(std::abs(difference - contour.derivative(k)), 1e-6 * std::abs(difference));
  }
  EXPECT_GT(contour.node(0).real(), 0.0);
  EXPECT_DOUBLE_EQ(contour.node(0).imag(), 0.0);
  EXPECT_DOUBLE_EQ(contour.derivative(0).real(), 0.0);
}

TEST(ContourInversion, WeidemanTrefethenContourInvertsTheResolventToSpecAccuracy) {
  // e^{lambda t} = L^{-1}[1/(z - lambda)]; an independent check gave about 1e-4, 1e-9, 4e-13 for
  // P = 4, 8, 12 (at t = 1; smaller t is a little worse, hence a factor 10 of room).
  const double lambda = -3.0;
  const std::vector<std::pair<int, double>> cases{{4, 1e-3}, {8, 1e-8}, {12, 4e-12}};
  for (const auto& [nodes, bound] : cases) {
    const HyperbolicContour contour(HyperbolicContourParameters::weideman_trefethen(nodes));
    for (const double t : {0.25, 1.0, 4.0}) {
      const double value = contour.invert([&](Complex z) { return 1.0 / (z - lambda); }, t);
      EXPECT_LT(std::abs(value - std::exp(lambda * t)), bound) << "P = " << nodes << ", t = " << t;
    }
  }
}

TEST(ContourQuadrature, ScalarDuhamelTermFollowsTheTheoreticalRate) {
  // The check of docs/laplace.md, "Measured numbers": lambda = -3, J = 64, T = 1.
  const TimeGrid grid = make_time_grid(1.0, 1.0 / 64);
  const DenseMatrix A = DenseMatrix::Constant(1, 1, -3.0);
  const Vector x0 = Vector::Constant(1, 0.7);
  double previous = 1.0;
  for (const int half_nodes : {9, 16, 25, 36, 49, 64}) {
    const double error = contour_error(A, x0, grid, half_nodes);
    const double scale = wu_chen_quadrature_error_scale(half_nodes);
    std::printf("lambda = -3, P = %d: error %.2e, e^{-2.06 sqrt P}/sqrt P = %.2e\n", half_nodes, error, scale);
    EXPECT_LT(error, 3.0 * scale) << "P = " << half_nodes;
    EXPECT_GT(error, 0.05 * scale) << "P = " << half_nodes << ": the rule is not the one analysed";
    EXPECT_LT(error, previous);
    previous = error;
  }
}

TEST(ContourQuadrature, NonNormalMatrixOfThePaperFollowsTheRate) {
  // [PL] 4.1's A: spectrum {-2, -2 +- i/sqrt(2)}, inside the sector (alpha = 0.34 < 0.7768).
  // Complex eigenvalues enlarge the constant (about 14 at P = 16 to 33 at P = 64, against about
  // 1 for real spectra; it grows without bound as alpha approaches pi/2 - gamma).
  DenseMatrix A(3, 3);
  A << -2, 1, 0, 1, -2, 1.5, 0, -1, -2;
  const Vector x0 = Vector::LinSpaced(3, 0.5, -0.5);
  const TimeGrid grid = make_time_grid(1.0, 1.0 / 32);
  double previous = 1.0;
  for (const int half_nodes : {16, 25, 36, 49, 64}) {
    const double error = contour_error(A, x0, grid, half_nodes);
    std::printf("[PL] 4.1 A, P = %d: error %.2e\n", half_nodes, error);
    EXPECT_LT(error, 50.0 * wu_chen_quadrature_error_scale(half_nodes)) << "P = " << half_nodes;
    EXPECT_LT(error, previous);
    previous = error;
  }
}

TEST(ContourQuadrature, RealSpectrumOfAMatrixKeepsTheScalarConstant) {
  DenseMatrix A = DenseMatrix::Zero(3, 3);
  A.diagonal() << -2.0, -3.0, -1.0;
  A(0, 1) = 0.5;  // not normal, eigenvalues stay real
  const TimeGrid grid = make_time_grid(1.0, 1.0 / 32);
  for (const int half_nodes : {16, 36}) {
    EXPECT_LT(contour_error(A, Vector::Ones(3), grid, half_nodes), 5.0 * wu_chen_quadrature_error_scale(half_nodes));
  }
}

TEST(ContourQuadrature, StableWeightsHandleStiffSpectraWithoutOverflow) {
  // lambda = -4000 (Signorini's finest grid) with P = 64: Re(z t) reaches -1e7 at the far nodes,
  // where the literal weights of [PL] overflow; the error keeps the size it has for lambda = -3.
  const TimeGrid grid = make_time_grid(1.0, 1.0 / 16);
  const DenseMatrix A = DenseMatrix::Constant(1, 1, -4000.0);
  const double error = contour_error(A, Vector::Constant(1, 1.0), grid, 64);
  EXPECT_TRUE(std::isfinite(error));
  EXPECT_LT(error, 3.0 * wu_chen_quadrature_error_scale(64));
}

TEST(ContourQuadrature, RejectsASpectrumOutsideTheSector) {
  DenseMatrix unstable(2, 2);
  unstable << 0.1, 0, 0, -1;
  EXPECT_THROW(require_spectrum_in_sector(unstable, HyperbolicContourParameters::wu_chen(16)), InputError);
  DenseMatrix oscillatory(2, 2);  // eigenvalues -1 +- 10i: angle 1.47 > 0.7768
  oscillatory << -1, 10, -10, -1;
  EXPECT_THROW(require_spectrum_in_sector(oscillatory, HyperbolicContourParameters::wu_chen(16)), InputError);
}

}  // namespace
}  // namespace relcp::dcs
