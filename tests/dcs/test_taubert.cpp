#include <gtest/gtest.h>

#include <cmath>

#include "dcs/switching/fixed_step_march.hpp"
#include "dcs/switching/friction_oscillator_system.hpp"
#include "dcs/switching/taubert.hpp"
#include "support/sign_system.hpp"
#include "support/stewart_reference.hpp"
#include "support/trajectory_error.hpp"

namespace relcp::dcs {
namespace {

using testing::SignComponent;
using testing::SignSystem;

// x' = -1 + 0.5 cos t from x = 5 never reaches the discontinuity on [0, 1].
double smooth_segment_error(TaubertScheme scheme, double h) {
  const SignSystem system({SignComponent{1.0, 0.5, 1.0}});
  const SimulationRecord run = integrate_taubert(system, Vector{{5.0}}, {0.0, 1.0, 0.5}, {scheme, h});
  return std::abs(run.final_state[0] - (5.0 - 1.0 + 0.5 * std::sin(1.0)));
}

TEST(Taubert, EulerIsFirstAndRungeKuttaFourthOrderWhereTheSolutionIsSmooth) {
  EXPECT_NEAR(smooth_segment_error(TaubertScheme::euler, 1e-2) / smooth_segment_error(TaubertScheme::euler, 1e-3), 10.0,
              1.0);
  EXPECT_NEAR(std::log2(smooth_segment_error(TaubertScheme::rk4, 0.1) / smooth_segment_error(TaubertScheme::rk4, 0.05)),
              4.0, 0.3);
}

TEST(Taubert, BothDegradeToFirstOrderOnStewartsProblem) {
  // Stewart's observation: with friction even RK4 only gains about 10x per decade of h.
  const FrictionOscillatorSystem system(testing::stewart_oscillator());
  const auto error = [&](TaubertScheme scheme, double h) {
    const SimulationRecord run =
        integrate_taubert(system, testing::stewart_oscillator().initial_state(), {0.0, 10.0, 0.05}, {scheme, h});
    return testing::max_sample_error(run, testing::stewart_reference());
  };
  const double euler_coarse = error(TaubertScheme::euler, 1e-3);
  EXPECT_NEAR(euler_coarse, 9.5e-3, 0.5e-3);  // Stewart's Table 1: 9.5e-3
  EXPECT_NEAR(euler_coarse / error(TaubertScheme::euler, 1e-4), 10.0, 1.0);
  const double rk4_coarse = error(TaubertScheme::rk4, 1e-3);
  EXPECT_NEAR(rk4_coarse, 6.4e-4, 0.5e-4);  // Stewart's Table 1: 6.4e-4
  const double rk4_ratio = rk4_coarse / error(TaubertScheme::rk4, 1e-4);
  EXPECT_GT(rk4_ratio, 5.0);
  EXPECT_LT(rk4_ratio, 30.0);  // nowhere near the 10^4 of a fourth-order method
}

TEST(Taubert, CountsOneModePerTermAndEveryIndicatorPerEvaluation) {
  const FrictionOscillatorSystem system(testing::stewart_oscillator());
  const Vector x0 = testing::stewart_oscillator().initial_state();
  const SimulationRecord euler = integrate_taubert(system, x0, {0.0, 0.1, 0.05}, {TaubertScheme::euler, 1e-3});
  EXPECT_EQ(euler.statistics.steps, 100);
  EXPECT_EQ(euler.statistics.evaluations.f, 300);
  EXPECT_EQ(euler.statistics.evaluations.h, 600);
  EXPECT_EQ(euler.statistics.evaluations.grad_h, 0);
  const SimulationRecord rk4 = integrate_taubert(system, x0, {0.0, 0.1, 0.05}, {TaubertScheme::rk4, 1e-3});
  EXPECT_EQ(rk4.statistics.evaluations.f, 1200);
  EXPECT_EQ(rk4.statistics.evaluations.h, 2400);
}

TEST(Taubert, StepsLandOnEveryOutputTime) {
  const SignSystem system({SignComponent{1.0, 0.5, 1.0}});
  const SimulationRecord run = integrate_taubert(system, Vector{{5.0}}, {0.0, 1.0, 0.05}, {TaubertScheme::euler, 0.03});
  EXPECT_EQ(run.statistics.steps, 40);  // two steps of 0.025 per output interval
  ASSERT_EQ(run.samples.size(), 21u);
  for (std::size_t i = 0; i < run.samples.size(); ++i) EXPECT_NEAR(run.samples[i].t, 0.05 * i, 1e-14);
  EXPECT_TRUE(run.mode_changes.empty());  // counted, never listed
}

TEST(FixedStepMarch, RoundOffInTheOutputTimesAddsNoSteps) {
  // 0.05 / 5e-7 = 1e5 steps per interval; late output times carry round-off of a few ulps of 10.
  std::int64_t calls = 0;
  double largest_step = 0.0;
  const std::int64_t steps = march_fixed_steps(
      {0.0, 10.0, 0.05}, 5e-7,
      [&](double, double dt) {
        ++calls;
        largest_step = std::max(largest_step, dt);
      },
      [](double) {});
  EXPECT_EQ(steps, 20'000'000);
  EXPECT_EQ(calls, steps);
  EXPECT_NEAR(largest_step, 5e-7, 1e-15);
}

TEST(Taubert, ChattersAroundAStuckMass) {
  // x' = -sgn x from 0.05: Euler overshoots and flips mode every step once it reaches zero.
  const SignSystem system({SignComponent{1.0, 0.0, 1.0}});
  const SimulationRecord run =
      integrate_taubert(system, Vector{{0.05}}, {0.0, 1.0, 0.5}, {TaubertScheme::euler, 0.003});
  EXPECT_GT(run.statistics.mode_changes, 250);
  EXPECT_LE(std::abs(run.final_state[0]), 0.003 + 1e-12);
}

}  // namespace
}  // namespace relcp::dcs
