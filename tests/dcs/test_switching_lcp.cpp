#include <gtest/gtest.h>

#include "dcs/switching/friction_oscillator_system.hpp"
#include "dcs/switching/switching_lcp.hpp"
#include "dcs/switching/switching_matrix.hpp"
#include "lcp/residual.hpp"
#include "support/sign_system.hpp"

namespace relcp::dcs {
namespace {

using testing::SignComponent;
using testing::SignSystem;

// Stewart's chain with mass 1 momentarily at rest and the others sliding; `x1` sets the smooth
// force on mass 1: g1 = (x0 - x1) + (x2 - x1) = -2 x1 (x0 = x2 = 0, v1 = 0).
Vector chain_state_with_mass_one_at_rest(double x1) {
  Vector x(6);
  x << 0.0, x1, 0.0, 0.5, 0.0, -0.5;
  return x;
}

class ChainSwitchingLcp : public ::testing::Test {
 protected:
  ActiveSetChoice choose(double x1, SwitchingLcpOptions options = {}) {
    CountedSystem counted(system_);
    // Mass 0 slides forwards, mass 2 backwards; mass 1 may do anything.
    return choose_active_set(counted, {{0}, {0, 1}, {1}}, 0.0, chain_state_with_mass_one_at_rest(x1), options);
  }
  FrictionOscillatorSystem system_{make_friction_chain(stewart_friction_chain())};
};

TEST_F(ChainSwitchingLcp, ForceBeyondTheBoundReversesTheMass) {
  // g1 = -1 < -0.3: mass 1 starts sliding backwards (as at switch 1 of test C4: z^2 = (0, 1)).
  const ActiveSetChoice backwards = choose(0.5);
  EXPECT_EQ(backwards.chosen, (ActiveSet{{0}, {1}, {1}}));
  EXPECT_EQ(backwards.candidates.size(), 1u);
  EXPECT_FALSE(backwards.chosen_is_ambiguous);
  EXPECT_FALSE(backwards.degenerate);
  EXPECT_EQ(choose(-0.5).chosen, (ActiveSet{{0}, {0}, {1}}));  // g1 = +1: forwards
}

TEST_F(ChainSwitchingLcp, ForceWithinTheBoundSticks) {
  // g1 = 0.1 (< 0.3): both modes stay active; the weights are those of (11).
  const ActiveSetChoice stick = choose(-0.05);
  EXPECT_EQ(stick.chosen, (ActiveSet{{0}, {0, 1}, {1}}));
  EXPECT_EQ(stick.candidates.size(), 1u);
}

TEST_F(ChainSwitchingLcp, LemkeAboveTheEnumerationLimitAgrees) {
  SwitchingLcpOptions lemke_only;
  lemke_only.enumeration_limit = 0;
  for (double x1 : {0.5, -0.5, -0.05, 0.1}) {
    const ActiveSetChoice by_lemke = choose(x1, lemke_only);
    EXPECT_EQ(by_lemke.chosen, choose(x1).chosen) << "x1 = " << x1;
    EXPECT_EQ(by_lemke.lcp_solves, 1);  // uniqueness is not checked without enumeration
  }
}

TEST_F(ChainSwitchingLcp, SolutionsSatisfyLemmaTwo) {
  // Every solution has beta = 0, i.e. the weights of each term sum to one, and solves the LCP.
  const ActiveSet candidates = {{0, 1}, {0, 1}, {0, 1}};
  Vector x(6);
  x << 0.2, -0.1, 0.3, 0.0, 0.0, 0.0;
  CountedSystem counted(system_);
  const DenseMatrix coupling = build_switching_matrices(counted, candidates, 0.0, x).coupling;
  const lcp::LcpProblem problem = switching_lcp(coupling, candidates);
  const LcpSolutions found = solve_switching_lcp(problem, {});
  ASSERT_FALSE(found.solutions.empty());
  EXPECT_TRUE(found.complete);
  for (const Vector& s : found.solutions) {
    EXPECT_LT(lcp::natural_residual(problem, s), 1e-10);
    const std::vector<Vector> z = split_by_term(s.head(6), candidates);
    for (const Vector& zj : z) EXPECT_NEAR(zj.sum(), 1.0, 1e-10);
  }
}

TEST(SwitchingLcp, RepellingSurfaceHasThreeSolutionsAndTheFewestModesAreChosen) {
  // x' = +sgn x at x = 0: leave upwards, leave downwards or stay (z = (1/2, 1/2)).
  const SignSystem system({SignComponent{-1.0, 0.0, 1.0}});
  CountedSystem counted(system);
  const ActiveSetChoice choice = choose_active_set(counted, {{0, 1}}, 0.0, Vector::Zero(1), {});
  EXPECT_EQ(choice.candidates.size(), 3u);
  EXPECT_EQ(choice.chosen, (ActiveSet{{0}}));
  EXPECT_FALSE(choice.chosen_is_ambiguous);  // a single mode has a unique solution
  EXPECT_EQ(choice.lcp_solves, 2);
}

TEST(SwitchingLcp, StayingOnARepellingSurfaceIsAnAmbiguousChoice) {
  const SignSystem system({SignComponent{-1.0, 0.0, 1.0}});
  CountedSystem counted(system);
  SwitchingLcpOptions options;
  options.choice = SolutionChoice::most_modes;
  const ActiveSetChoice choice = choose_active_set(counted, {{0, 1}}, 0.0, Vector::Zero(1), options);
  EXPECT_EQ(choice.chosen, (ActiveSet{{0, 1}}));
  EXPECT_TRUE(choice.chosen_is_ambiguous);  // LCP(N_alpha({0,1})) has the same three solutions
}

TEST(SwitchingLcp, ExampleFiveAtTheOriginHasTheUniqueDigestSolution) {
  // Test C1 (docs/lcp_pivoting.md): z = (1/2, 1/2, 1/2, 1/2), mu~ = (4, 4) with alpha = 2.
  const SignSystem system({SignComponent{1.0, 0.0, 1.0}, SignComponent{1.0, 0.0, 1.0}});
  CountedSystem counted(system);
  const ActiveSet candidates = {{0, 1}, {0, 1}};
  const DenseMatrix coupling = build_switching_matrices(counted, candidates, 0.0, Vector::Zero(2)).coupling;
  EXPECT_DOUBLE_EQ(positive_shift(coupling), 2.0);
  const LcpSolutions found = solve_switching_lcp(switching_lcp(coupling, candidates), {});
  ASSERT_EQ(found.solutions.size(), 1u);
  Vector expected(6);
  expected << 0.5, 0.5, 0.5, 0.5, 4.0, 4.0;
  EXPECT_LT((found.solutions[0] - expected).norm(), 1e-12);
}

}  // namespace
}  // namespace relcp::dcs
