#include <gtest/gtest.h>

#include <cmath>

#include "dcs/switching/switching_integrator.hpp"
#include "support/sign_system.hpp"

namespace relcp::dcs {
namespace {

using testing::ExactSignSolution;
using testing::SignComponent;
using testing::SignSystem;

SwitchingOptions with_tolerance(double tolerance) {
  SwitchingOptions options;
  options.tolerance = tolerance;
  return options;
}

TEST(SwitchingIntegrator, ExampleFiveReachesBothSurfacesAndSticks) {
  // x1' = -sgn x1, x2' = -sgn x2 from (0.5, -0.25): x2 sticks at t = 0.25, x1 at t = 0.5.
  const SignSystem system({SignComponent{1.0, 0.0, 1.0}, SignComponent{1.0, 0.0, 1.0}});
  const SimulationRecord run =
      integrate_switching(system, Vector{{0.5, -0.25}}, {0.0, 2.0, 0.1}, with_tolerance(1e-10));
  ASSERT_EQ(run.mode_changes.size(), 2u);
  EXPECT_NEAR(run.mode_changes[0].t, 0.25, 1e-12);
  EXPECT_EQ(run.mode_changes[0].term, 1);
  EXPECT_EQ(run.mode_changes[0].from, (ModeSet{1}));
  EXPECT_EQ(run.mode_changes[0].to, (ModeSet{0, 1}));
  EXPECT_NEAR(run.mode_changes[1].t, 0.5, 1e-12);
  EXPECT_EQ(run.mode_changes[1].term, 0);
  EXPECT_EQ(run.mode_changes[1].to, (ModeSet{0, 1}));
  EXPECT_LT(run.final_state.norm(), 1e-12);  // no chattering: the state stays on both surfaces
  EXPECT_EQ(run.statistics.switches, 2);
  EXPECT_EQ(run.statistics.unbracketed_switches, 0);
  EXPECT_DOUBLE_EQ(run.final_time, 2.0);
  EXPECT_EQ(run.samples.size(), 21u);
}

// Stick-slip with two independent contacts: each sticks while |c cos(omega t)| < a and slides
// otherwise, so the run switches both ways many times.
TEST(SwitchingIntegrator, StickSlipMatchesTheExactSolutionAtEverySwitch) {
  const SignComponent first{1.0, 1.5, 2.0};
  const SignComponent second{0.5, 1.5, 2.3};
  const SignSystem system({first, second});
  const double t_end = 8.0;
  const Vector x0{{0.1, -0.2}};
  const ExactSignSolution exact_first(first, x0[0], t_end);
  const ExactSignSolution exact_second(second, x0[1], t_end);

  const SimulationRecord run = integrate_switching(system, x0, {0.0, t_end, 0.05}, with_tolerance(1e-10));

  std::vector<double> times[2];
  for (const ModeChange& change : run.mode_changes) times[change.term].push_back(change.t);
  ASSERT_GE(exact_first.switching_times().size(), 5u);
  ASSERT_GE(exact_second.switching_times().size(), 5u);
  ASSERT_EQ(times[0].size(), exact_first.switching_times().size());
  ASSERT_EQ(times[1].size(), exact_second.switching_times().size());
  for (std::size_t i = 0; i < times[0].size(); ++i) {
    EXPECT_NEAR(times[0][i], exact_first.switching_times()[i], 1e-8) << "switch " << i;
  }
  for (std::size_t i = 0; i < times[1].size(); ++i) {
    EXPECT_NEAR(times[1][i], exact_second.switching_times()[i], 1e-8) << "switch " << i;
  }
  double worst = 0.0;
  for (const TrajectorySample& sample : run.samples) {
    worst = std::max(worst, std::abs(sample.x[0] - exact_first.position(sample.t)));
    worst = std::max(worst, std::abs(sample.x[1] - exact_second.position(sample.t)));
  }
  EXPECT_LT(worst, 1e-8);
  EXPECT_EQ(run.statistics.unbracketed_switches, 0);
}

TEST(SwitchingIntegrator, ErrorFollowsTheTolerance) {
  const SignComponent component{1.0, 2.0, 1.0};
  const SignSystem system({component});
  const ExactSignSolution exact(component, 0.5, 6.0);
  for (double tolerance : {1e-4, 1e-7}) {
    const SimulationRecord run =
        integrate_switching(system, Vector{{0.5}}, {0.0, 6.0, 0.05}, with_tolerance(tolerance));
    double worst = 0.0;
    for (const TrajectorySample& sample : run.samples) {
      worst = std::max(worst, std::abs(sample.x[0] - exact.position(sample.t)));
    }
    EXPECT_LT(worst, 10.0 * tolerance) << "tolerance " << tolerance;
    EXPECT_EQ(run.mode_changes.size(), exact.switching_times().size()) << "tolerance " << tolerance;
  }
}

TEST(SwitchingIntegrator, RepellingSurfaceIsLeftDeterministically) {
  // x' = +sgn x from x = 0: of the three LCP solutions the single mode 0 (x > 0) is chosen.
  const SignSystem system({SignComponent{-1.0, 0.0, 1.0}});
  const SimulationRecord run = integrate_switching(system, Vector{{0.0}}, {0.0, 1.0, 0.5}, with_tolerance(1e-10));
  EXPECT_NEAR(run.final_state[0], 1.0, 1e-12);
  EXPECT_TRUE(run.mode_changes.empty());
}

TEST(SwitchingIntegrator, StayingOnARepellingSurfaceIsRevisitedAtRestartTimes) {
  // Choosing the sliding solution z = (1/2, 1/2) leaves an ambiguous active set (its own LCP has
  // three solutions), so Algorithm 2 sets t* and re-solves the LCP every restart_delay.
  const SignSystem system({SignComponent{-1.0, 0.0, 1.0}});
  SwitchingOptions options = with_tolerance(1e-10);
  options.lcp.choice = SolutionChoice::most_modes;
  options.restart_delay = 0.1;
  const SimulationRecord run = integrate_switching(system, Vector{{0.0}}, {0.0, 0.95, 0.05}, options);
  EXPECT_LT(std::abs(run.final_state[0]), 1e-12);
  EXPECT_EQ(run.statistics.restarts, 9);  // at t = 0.1, ..., 0.9
  EXPECT_TRUE(run.mode_changes.empty());
}

TEST(SwitchingIntegrator, CountsEvaluationsAndSteps) {
  const SignSystem system({SignComponent{1.0, 2.0, 1.0}});
  const SimulationRecord run = integrate_switching(system, Vector{{0.5}}, {0.0, 4.0, 0.05}, with_tolerance(1e-8));
  const RunStatistics& stats = run.statistics;
  EXPECT_GT(stats.steps, 0);
  // Every step evaluates at least six right-hand sides of one mode each.
  EXPECT_GE(stats.evaluations.f, 6 * stats.steps);
  EXPECT_GT(stats.evaluations.h, 0);
  EXPECT_GT(stats.evaluations.grad_h, 0);  // stuck phases need the gradients
  EXPECT_EQ(stats.mode_changes, static_cast<std::int64_t>(run.mode_changes.size()));
  EXPECT_GE(stats.lcp_solves, stats.switches);
}

TEST(SwitchingIntegrator, RejectsAnInitialStateOfTheWrongSize) {
  const SignSystem system({SignComponent{1.0, 0.0, 1.0}});
  EXPECT_THROW(integrate_switching(system, Vector::Zero(2), {0.0, 1.0, 0.5}, {}), std::invalid_argument);
}

}  // namespace
}  // namespace relcp::dcs
