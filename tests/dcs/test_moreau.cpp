#include <gtest/gtest.h>

#include <Eigen/LU>
#include <cmath>

#include "core/error.hpp"
#include "dcs/switching/moreau.hpp"
#include "lcp/solver_factories.hpp"
#include "support/stewart_reference.hpp"
#include "support/trajectory_error.hpp"

namespace relcp::dcs {
namespace {

MoreauOptions step(double h) {
  MoreauOptions options;
  options.h = h;
  return options;
}

TEST(Moreau, D3FirstOrderOnStewartsProblem) {
  const TimeSpan span{0.0, 10.0, 0.05};
  const double coarse = testing::max_sample_error(integrate_moreau(testing::stewart_oscillator(), span, step(1e-3)),
                                                  testing::stewart_reference());
  const double fine = testing::max_sample_error(integrate_moreau(testing::stewart_oscillator(), span, step(1e-4)),
                                                testing::stewart_reference());
  EXPECT_NEAR(coarse / fine, 10.0, 1.0);
  EXPECT_LT(coarse, 2e-2);
}

TEST(Moreau, SlidingMassDeceleratesByTheBoundAndThenSticksExactly) {
  // One free unit mass with friction 0.3 and v(0) = 1: v_n = 1 - 0.3 n h until it sticks at 0.
  FrictionOscillator block;
  block.mass = DenseMatrix::Identity(1, 1);
  block.damping = DenseMatrix::Zero(1, 1);
  block.stiffness = DenseMatrix::Zero(1, 1);
  block.friction = Vector::Constant(1, 0.3);
  block.q0 = Vector::Zero(1);
  block.v0 = Vector::Ones(1);
  const SimulationRecord run = integrate_moreau(block, {0.0, 5.0, 0.25}, step(1e-2));
  for (const TrajectorySample& sample : run.samples) {
    EXPECT_NEAR(sample.x[1], std::max(0.0, 1.0 - 0.3 * sample.t), 1e-12) << "t = " << sample.t;
  }
  EXPECT_LT(std::abs(run.final_state[1]), 1e-14);
  ASSERT_EQ(run.mode_changes.size(), 1u);
  EXPECT_NEAR(run.mode_changes[0].t, 1.0 / 0.3, 1e-2);
  EXPECT_EQ(run.mode_changes[0].to, (ModeSet{0, 1}));
  EXPECT_EQ(run.statistics.lcp_solves, 500);
}

TEST(Moreau, WithoutFrictionItIsLinearImplicitEuler) {
  // Coupled mass matrix, no friction: (M + hC + h^2 K) v+ = M v + h (f - K q), q+ = q + h v+.
  FrictionOscillator coupled;
  coupled.mass = (DenseMatrix(2, 2) << 2.0, 0.5, 0.5, 1.0).finished();
  coupled.damping = (DenseMatrix(2, 2) << 0.2, 0.0, 0.0, 0.1).finished();
  coupled.stiffness = (DenseMatrix(2, 2) << 3.0, -1.0, -1.0, 1.0).finished();
  coupled.friction = Vector::Zero(2);
  coupled.forcing = {HarmonicForce{1, 2.0, 3.0, 0.5}};
  coupled.q0 = Vector{{0.3, -0.2}};
  coupled.v0 = Vector{{0.0, 1.0}};
  const double h = 0.01;
  const SimulationRecord run = integrate_moreau(coupled, {0.0, 0.5, 0.5}, step(h));
  EXPECT_EQ(run.statistics.lcp_solves, 0);
  Vector q = coupled.q0, v = coupled.v0;
  const Eigen::PartialPivLU<DenseMatrix> a(coupled.mass + h * coupled.damping + h * h * coupled.stiffness);
  for (int n = 0; n < 50; ++n) {
    v = a.solve(coupled.mass * v + h * (coupled.external_force((n + 1) * h) - coupled.stiffness * q));
    q += h * v;
  }
  EXPECT_LT((run.final_state.head(2) - q).norm(), 1e-12);
  EXPECT_LT((run.final_state.tail(2) - v).norm(), 1e-12);
}

TEST(Moreau, EnumerationSolverGivesTheSameSteps) {
  MoreauOptions by_enumeration = step(1e-2);
  by_enumeration.solver = lcp::make_enumeration_solver();
  const TimeSpan span{0.0, 2.0, 0.5};
  const SimulationRecord lemke = integrate_moreau(testing::stewart_oscillator(), span, step(1e-2));
  const SimulationRecord enumerated = integrate_moreau(testing::stewart_oscillator(), span, by_enumeration);
  EXPECT_LT((lemke.final_state - enumerated.final_state).norm(), 1e-10);
}

TEST(Moreau, SolverThatCannotSolveTheFrictionLcpIsARunTimeFailure) {
  // PGS needs a positive diagonal; the friction LCP has zeros on its beta rows.
  MoreauOptions by_pgs = step(1e-2);
  by_pgs.solver = lcp::make_pgs_solver();
  EXPECT_THROW(integrate_moreau(testing::stewart_oscillator(), {0.0, 0.1, 0.05}, by_pgs), RunTimeFailure);
}

}  // namespace
}  // namespace relcp::dcs
