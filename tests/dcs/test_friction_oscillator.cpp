#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "dcs/switching/friction_oscillator_system.hpp"

namespace relcp::dcs {
namespace {

TEST(FrictionChain, AssemblesTheSpringChain) {
  const FrictionOscillator chain = make_friction_chain(stewart_friction_chain());
  DenseMatrix expected(3, 3);
  expected << 2, -1, 0, -1, 2, -1, 0, -1, 1;
  EXPECT_EQ(chain.stiffness, expected);
  EXPECT_EQ(chain.mass, DenseMatrix::Identity(3, 3));
  EXPECT_EQ(chain.damping, DenseMatrix::Identity(3, 3));
  EXPECT_DOUBLE_EQ(chain.external_force(1.0)[2], 10.0 * std::cos(std::numbers::pi));
  EXPECT_EQ(chain.initial_state(), (Vector{{-1, 1, -1, -1, 1, 1}}));
}

TEST(FrictionChain, RejectsInconsistentSizes) {
  FrictionChain chain = stewart_friction_chain();
  chain.friction.pop_back();
  EXPECT_THROW(make_friction_chain(chain), std::invalid_argument);
  chain = stewart_friction_chain();
  chain.forcing[0].dof = 3;
  EXPECT_THROW(make_friction_chain(chain), std::invalid_argument);
}

TEST(FrictionOscillatorSystem, ModesAddUpToStewartsEquationFifteen) {
  const FrictionOscillatorSystem system(make_friction_chain(stewart_friction_chain()));
  ASSERT_EQ(system.term_count(), 3);
  const Vector x{{0.3, -0.7, 1.1, 0.4, -0.2, 0.9}};
  const double t = 0.37;
  Vector sum = Vector::Zero(6), term(6);
  for (int j = 0; j < 3; ++j) {
    const double v = x[3 + j];
    const int mode = v > 0 ? 0 : 1;  // region of the smallest indicator
    EXPECT_LT(system.indicator(j, mode, x), system.indicator(j, 1 - mode, x));
    system.mode_rhs(j, mode, t, x, term);
    sum += term;
  }
  const auto sgn = [](double v) { return v > 0 ? 1.0 : -1.0; };
  const double x1 = x[0], x2 = x[1], x3 = x[2], v1 = x[3], v2 = x[4], v3 = x[5];
  const Vector expected{{v1, v2, v3, -x1 + (x2 - x1) - v1 - 0.3 * sgn(v1), (x1 - x2) + (x3 - x2) - v2 - 0.3 * sgn(v2),
                         (x2 - x3) - v3 - 0.3 * sgn(v3) + 10.0 * std::cos(std::numbers::pi * t)}};
  EXPECT_LT((sum - expected).norm(), 1e-13);
}

TEST(FrictionOscillatorSystem, FrictionActsThroughTheInverseOfACoupledMassMatrix) {
  FrictionOscillator coupled;
  coupled.mass = (DenseMatrix(2, 2) << 2.0, 0.5, 0.5, 1.0).finished();
  coupled.damping = (DenseMatrix(2, 2) << 0.2, 0.0, 0.0, 0.1).finished();
  coupled.stiffness = (DenseMatrix(2, 2) << 3.0, -1.0, -1.0, 1.0).finished();
  coupled.friction = Vector{{0.4, 0.7}};
  coupled.forcing = {HarmonicForce{1, 2.0, 3.0, 0.5}};
  coupled.q0 = Vector::Zero(2);
  coupled.v0 = Vector::Zero(2);
  const FrictionOscillatorSystem system(coupled);
  const Vector x{{0.3, -0.2, 0.5, -0.6}};  // v0 > 0 (mode 0), v1 < 0 (mode 1)
  Vector sum = Vector::Zero(4), term(4);
  system.mode_rhs(0, 0, 0.8, x, term);
  sum += term;
  system.mode_rhs(1, 1, 0.8, x, term);
  sum += term;
  const Vector force =
      coupled.external_force(0.8) - coupled.stiffness * x.head(2) - coupled.damping * x.tail(2) - Vector{{0.4, -0.7}};
  EXPECT_LT((sum.head(2) - x.tail(2)).norm(), 1e-15);
  EXPECT_LT((coupled.mass * sum.tail(2) - force).norm(), 1e-14);
}

TEST(FrictionOscillatorSystem, IndicatorGradientsMatchFiniteDifferences) {
  const FrictionOscillatorSystem system(make_friction_chain(stewart_friction_chain()));
  const Vector x{{0.3, -0.7, 1.1, 0.4, -0.2, 0.9}};
  Vector gradient(6);
  for (int j = 0; j < 3; ++j) {
    for (int mode = 0; mode < 2; ++mode) {
      system.indicator_gradient(j, mode, x, gradient);
      for (int i = 0; i < 6; ++i) {
        Vector shifted = x;
        shifted[i] += 1e-6;
        const double difference = (system.indicator(j, mode, shifted) - system.indicator(j, mode, x)) / 1e-6;
        EXPECT_NEAR(gradient[i], difference, 1e-8);
      }
    }
  }
}

TEST(FrictionOscillatorSystem, NamesForTheOutputFiles) {
  const FrictionOscillatorSystem system(make_friction_chain(stewart_friction_chain()));
  EXPECT_EQ(system.state_name(1), "x1");
  EXPECT_EQ(system.state_name(4), "v1");
  EXPECT_EQ(system.mode_set_label(0, {0}), "1");
  EXPECT_EQ(system.mode_set_label(0, {1}), "-1");
  EXPECT_EQ(system.mode_set_label(0, {0, 1}), "0");
}

TEST(FrictionOscillatorSystem, OnlyCoordinatesWithFrictionAreTerms) {
  FrictionChain chain = stewart_friction_chain();
  chain.friction = {0.0, 0.3, 0.0};
  const FrictionOscillatorSystem system(make_friction_chain(chain));
  ASSERT_EQ(system.term_count(), 1);
  EXPECT_EQ(system.term_dof(0), 1);
  EXPECT_EQ(system.term_name(0), "1");
  // The single term carries the whole smooth part.
  const Vector x{{0.3, -0.7, 1.1, 0.4, -0.2, 0.9}};
  Vector rhs(6);
  system.mode_rhs(0, 1, 0.0, x, rhs);
  EXPECT_NEAR(rhs[3], -0.3 + (-0.7 - 0.3) - 0.4, 1e-14);
  EXPECT_NEAR(rhs[4], (0.3 + 0.7) + (1.1 + 0.7) + 0.2 + 0.3, 1e-14);

  chain.friction = {0.0, 0.0, 0.0};
  const FrictionOscillatorSystem smooth(make_friction_chain(chain));
  ASSERT_EQ(smooth.term_count(), 1);
  EXPECT_EQ(smooth.mode_count(0), 1);
  EXPECT_EQ(smooth.term_dof(0), -1);
}

TEST(FrictionModes, FollowTheVelocitySign) {
  EXPECT_EQ(friction_modes_for_velocity(0.5, 1e-10), (ModeSet{0}));
  EXPECT_EQ(friction_modes_for_velocity(-0.5, 1e-10), (ModeSet{1}));
  EXPECT_EQ(friction_modes_for_velocity(1e-12, 1e-10), (ModeSet{0, 1}));
}

}  // namespace
}  // namespace relcp::dcs
