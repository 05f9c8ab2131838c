// Stewart's three-mass problem (Stewart 1996, eq. (15)): reference tests D1 and D2 (docs/lcp.md).
#include <gtest/gtest.h>

#include <cmath>

#include "dcs/switching/friction_oscillator_system.hpp"
#include "dcs/switching/switching_integrator.hpp"
#include "support/reference_fixture.hpp"
#include "support/trajectory_error.hpp"

namespace relcp::dcs {
namespace {

const std::string kFixture = std::string(RELCP_DCS_TEST_DATA) + "/stewart_friction_chain_reference";

class StewartFrictionChain : public ::testing::Test {
 protected:
  static SimulationRecord run(double tolerance) {
    SwitchingOptions options;
    options.tolerance = tolerance;
    return integrate_switching(system(), system().oscillator().initial_state(), {0.0, 10.0, 0.05}, options);
  }
  static const FrictionOscillatorSystem& system() {
    static const FrictionOscillatorSystem chain(make_friction_chain(stewart_friction_chain()));
    return chain;
  }
  // The project's tight-tolerance reference, recomputed (the stored fixture is checked too).
  static const SimulationRecord& reference() {
    static const SimulationRecord tight = run(1e-13);
    return tight;
  }
  static const SimulationRecord& standard() {
    static const SimulationRecord at_1e10 = run(1e-10);
    return at_1e10;
  }
};

TEST_F(StewartFrictionChain, D1HasTwentyTwoSwitchingPointsAtTheReferenceTimes) {
  const SimulationRecord& run = standard();
  EXPECT_EQ(run.statistics.switches, 22);
  ASSERT_EQ(run.mode_changes.size(), 22u);
  ASSERT_EQ(reference().mode_changes.size(), 22u);
  const std::vector<testing::ReferenceEvent> stored = testing::read_reference_events(kFixture);
  ASSERT_EQ(stored.size(), 22u);
  for (std::size_t i = 0; i < run.mode_changes.size(); ++i) {
    const ModeChange& change = run.mode_changes[i];
    EXPECT_NEAR(change.t, reference().mode_changes[i].t, 1e-8) << "switch " << i;
    EXPECT_NEAR(change.t, stored[i].t, 1e-8) << "switch " << i;
    EXPECT_EQ(system().term_name(change.term), std::to_string(stored[i].component));
    EXPECT_EQ(system().mode_set_label(change.term, change.from), stored[i].from);
    EXPECT_EQ(system().mode_set_label(change.term, change.to), stored[i].to);
    if (i > 0) {
      EXPECT_GT(change.t, run.mode_changes[i - 1].t);  // one term per switching point
    }
  }
  EXPECT_EQ(run.statistics.unbracketed_switches, 0);
  EXPECT_EQ(run.statistics.restarts, 0);  // friction LCPs have unique solutions
}

TEST_F(StewartFrictionChain, D1MassOneSticksOnceBeforeThreePointSevenFiveAndStaysStuck) {
  const SimulationRecord& run = standard();
  int sticks = 0;
  double stick_time = 0.0;
  for (const ModeChange& change : run.mode_changes) {
    if (change.to.size() == 2) {
      EXPECT_EQ(change.term, 0);
      ++sticks;
      stick_time = change.t;
    } else {
      // Every other switch is a velocity reversal: one sliding direction to the other.
      EXPECT_EQ(change.from.size(), 1u);
      EXPECT_NE(change.from, change.to);
    }
  }
  EXPECT_EQ(sticks, 1);
  EXPECT_LT(stick_time, 3.75);
  EXPECT_GT(stick_time, 3.7);
  for (const ModeChange& change : run.mode_changes) {
    if (change.term == 0) {
      EXPECT_LE(change.t, stick_time);  // no later change of mass 1
    }
  }
  EXPECT_LT(std::abs(run.final_state[3]), 1e-12);  // v of mass 1 at t = 10
}

TEST_F(StewartFrictionChain, D2StateAgreesWithTheReferenceAtTenAndOnTheOutputGrid) {
  const SimulationRecord& run = standard();
  EXPECT_DOUBLE_EQ(run.final_time, 10.0);
  EXPECT_LT((run.final_state - reference().final_state).norm(), 1e-8);
  const std::vector<std::vector<double>> stored = testing::read_reference_trajectory(kFixture);
  ASSERT_EQ(stored.size(), 201u);
  ASSERT_EQ(run.samples.size(), stored.size());
  double worst = 0.0;
  for (std::size_t i = 0; i < stored.size(); ++i) {
    EXPECT_NEAR(run.samples[i].t, stored[i][0], 1e-12);
    for (int k = 0; k < 6; ++k) worst = std::max(worst, std::abs(run.samples[i].x[k] - stored[i][k + 1]));
  }
  EXPECT_LT(worst, 1e-8);
  EXPECT_LT(testing::max_sample_error(run, reference()), 1e-8);
}

TEST_F(StewartFrictionChain, ReferenceIsConvergedAndMatchesTheStoredFixture) {
  const SimulationRecord tighter = run(1e-12);
  EXPECT_LT(testing::max_sample_error(tighter, reference()), 1e-11);
  const std::vector<std::vector<double>> stored = testing::read_reference_trajectory(kFixture);
  ASSERT_EQ(stored.size(), reference().samples.size());
  for (int k = 0; k < 6; ++k) EXPECT_NEAR(reference().samples.back().x[k], stored.back()[k + 1], 1e-12);
}

TEST_F(StewartFrictionChain, CoarseToleranceFindsTheSameSwitches) {
  // Stewart's Table 2 setting: no switching point is lost or invented at tolerance 1e-5.
  const SimulationRecord coarse = run(1e-5);
  ASSERT_EQ(coarse.mode_changes.size(), 22u);
  for (std::size_t i = 0; i < coarse.mode_changes.size(); ++i) {
    EXPECT_NEAR(coarse.mode_changes[i].t, reference().mode_changes[i].t, 1e-4) << "switch " << i;
  }
  EXPECT_LT(testing::max_sample_error(coarse, reference()), 1e-4);
}

}  // namespace
}  // namespace relcp::dcs
