#include <gtest/gtest.h>

#include <Eigen/LU>

#include "core/error.hpp"
#include "dcs/switching/active_set_rhs.hpp"
#include "dcs/switching/friction_oscillator_system.hpp"
#include "dcs/switching/switching_matrix.hpp"
#include "support/sign_system.hpp"

namespace relcp::dcs {
namespace {

using testing::SignComponent;
using testing::SignSystem;

// Stewart's example (5): x1' = -sgn x1, x2' = -sgn x2.
SignSystem example_five() { return SignSystem({SignComponent{1.0, 0.0, 1.0}, SignComponent{1.0, 0.0, 1.0}}); }

TEST(ActiveSetDerivative, ExampleFiveAtTheOriginSlidesOnBothSurfaces) {
  const SignSystem system = example_five();
  CountedSystem counted(system);
  const ActiveSetDerivative d = active_set_derivative(counted, {{0, 1}, {0, 1}}, 0.0, Vector::Zero(2));
  EXPECT_NEAR(d.weights[0][0], 0.5, 1e-15);
  EXPECT_NEAR(d.weights[0][1], 0.5, 1e-15);
  EXPECT_NEAR(d.weights[1][0], 0.5, 1e-15);
  EXPECT_NEAR(d.weights[1][1], 0.5, 1e-15);
  EXPECT_LT(d.xdot.norm(), 1e-15);
  EXPECT_EQ(counted.counts().f, 4);
  EXPECT_EQ(counted.counts().grad_h, 4);
}

TEST(ActiveSetDerivative, SingleModesNeedNoGradientsAndNoSolve) {
  const SignSystem system = example_five();
  CountedSystem counted(system);
  const ActiveSetDerivative d = active_set_derivative(counted, {{0}, {1}}, 0.0, Vector::Ones(2));
  EXPECT_DOUBLE_EQ(d.xdot[0], -1.0);
  EXPECT_DOUBLE_EQ(d.xdot[1], 1.0);
  EXPECT_EQ(counted.counts().grad_h, 0);
  const std::vector<Vector> weights = active_set_weights(counted, {{0}, {1}}, 0.0, Vector::Ones(2));
  EXPECT_DOUBLE_EQ(weights[1][0], 1.0);
  EXPECT_EQ(counted.counts().f, 2);  // the weights alone cost nothing
}

TEST(ActiveSetDerivative, StuckMassWeightsBalanceTheSmoothForce) {
  // Stewart's chain with mass 0 at rest: z^0 = ((1 + g/mu)/2, (1 - g/mu)/2) where g is the
  // smooth force on mass 0 (unit mass), and its velocity stays zero.
  const FrictionOscillatorSystem system(make_friction_chain(stewart_friction_chain()));
  CountedSystem counted(system);
  Vector x(6);
  x << 0.08, 0.1, -0.3, 0.0, 0.7, -1.2;
  const double g = -x[0] + (x[1] - x[0]) - x[3];  // -0.06: within the bound
  const ActiveSetDerivative d = active_set_derivative(counted, {{0, 1}, {0}, {1}}, 0.0, x);
  EXPECT_NEAR(d.weights[0][0], 0.5 * (1.0 + g / 0.3), 1e-14);
  EXPECT_NEAR(d.weights[0][1], 0.5 * (1.0 - g / 0.3), 1e-14);
  EXPECT_NEAR(d.xdot[3], 0.0, 1e-14);
  EXPECT_NEAR(d.xdot[0], 0.0, 1e-14);
  // The sliding masses feel the full friction against their motion.
  EXPECT_NEAR(d.xdot[4], (x[0] - x[1]) + (x[2] - x[1]) - x[4] - 0.3, 1e-14);
  EXPECT_NEAR(d.xdot[5], (x[1] - x[2]) - x[5] + 0.3 + 10.0, 1e-13);
}

TEST(ActiveSetDerivative, SingularSystemIsARunTimeFailure) {
  // Both modes of the term are the same vector field: N(I, x) is singular (condition B' fails).
  const SignSystem system({SignComponent{0.0, 1.0, 1.0}});
  CountedSystem counted(system);
  EXPECT_THROW(active_set_derivative(counted, {{0, 1}}, 0.0, Vector::Zero(1)), RunTimeFailure);
}

TEST(SwitchingMatrix, LemmaOneInvertibilityDoesNotDependOnAlpha) {
  // Random coupling matrices over I = ({0,1},{0,1,2}): N_alpha for two alphas are singular or
  // regular together, [e;0]^T N^-1 [e;0] = 0 and N_alpha [0; -1] = [e; 0].
  const ActiveSet active = {{0, 1}, {0, 1, 2}};
  std::srand(7);
  for (int trial = 0; trial < 20; ++trial) {
    const DenseMatrix m = DenseMatrix::Random(5, 5);
    const DenseMatrix n1 = augmented_matrix(m, active, 0.3);
    const DenseMatrix n2 = augmented_matrix(m, active, 4.0);
    const Eigen::FullPivLU<DenseMatrix> lu1(n1), lu2(n2);
    EXPECT_EQ(lu1.isInvertible(), lu2.isInvertible());
    Vector e0 = Vector::Zero(7);
    e0.head(5).setOnes();
    if (lu1.isInvertible()) {
      EXPECT_NEAR(e0.dot(lu1.solve(e0)), 0.0, 1e-10);
    }
    Vector minus_ones = Vector::Zero(7);
    minus_ones.tail(2).setConstant(-1.0);
    EXPECT_LT((n1 * minus_ones - e0).norm(), 1e-15);
  }
}

TEST(SwitchingMatrix, LemmaOneSingularCaseStaysSingular) {
  // Two modes of term 0 with the same vector field give equal columns of M: N_alpha is singular
  // for every alpha.
  const ActiveSet active = {{0, 1}, {0, 1, 2}};
  DenseMatrix m = DenseMatrix::Random(5, 5);
  m.col(1) = m.col(0);
  for (double alpha : {0.0, 0.3, 4.0}) {
    EXPECT_FALSE(Eigen::FullPivLU<DenseMatrix>(augmented_matrix(m, active, alpha)).isInvertible());
  }
}

TEST(SwitchingMatrix, ShiftMakesEveryEntryAtLeastOne) {
  DenseMatrix m(2, 2);
  m << -3.0, 2.0, 0.5, 1.0;
  EXPECT_DOUBLE_EQ(positive_shift(m), 4.0);
  EXPECT_GE((m.array() + positive_shift(m)).minCoeff(), 1.0);
  EXPECT_DOUBLE_EQ(positive_shift(DenseMatrix::Constant(2, 2, 3.0)), 1.0);
}

}  // namespace
}  // namespace relcp::dcs
