// Reference tests A1-A5 (docs/lcp.md; Erleben 2013, Sec. 2) for the pivoting and enumeration
// solvers: scalar LCPs and a 2 x 2 SPD one.

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <memory>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "lcp/pivoting/enumeration.hpp"
#include "lcp/solver_factories.hpp"
#include "support/lcp_checks.hpp"

namespace relcp::lcp {
namespace {

using testing::IsLcpSolution;

constexpr double kTol = 1e-10;

LcpProblem scalar_lcp(double a, double b) { return LcpProblem(DenseMatrix::Constant(1, 1, a), Vector::Constant(1, b)); }

SolverOptions tight_options() {
  SolverOptions options;
  options.tolerance = kTol;
  return options;
}

struct NamedFactory {
  std::string name;
  std::function<std::unique_ptr<LcpSolver>()> make;
};

void PrintTo(const NamedFactory& factory, std::ostream* out) { *out << factory.name; }

class TinyLcp : public ::testing::TestWithParam<NamedFactory> {
 protected:
  SolverResult solve(const LcpProblem& problem) const { return GetParam().make()->solve(problem, tight_options()); }
};

// A1: a > 0 has the unique solution x = max(0, -b/a).
TEST_P(TinyLcp, A1PositiveScalarHasTheClosedFormSolution) {
  for (const auto& [a, b] : {std::pair{2.0, -4.0}, {2.0, 4.0}, {0.5, -3.0}, {7.0, 0.0}, {1e-3, -1e-3}}) {
    const LcpProblem problem = scalar_lcp(a, b);
    const SolverResult result = solve(problem);
    ASSERT_EQ(result.status, Status::converged) << "a = " << a << ", b = " << b;
    EXPECT_NEAR(result.z[0], std::max(0.0, -b / a), 1e-12) << "a = " << a << ", b = " << b;
    EXPECT_LE(result.residual, kTol);
  }
  const SolverResult first = solve(scalar_lcp(2.0, -4.0));
  EXPECT_NEAR(scalar_lcp(2.0, -4.0).w(first.z)[0], 0.0, 1e-12);  // y = 0
  const SolverResult second = solve(scalar_lcp(2.0, 4.0));
  EXPECT_NEAR(scalar_lcp(2.0, 4.0).w(second.z)[0], 4.0, 1e-12);  // y = 4
}

// A2: a = b = -1 has no solution; success must not be claimed.
TEST_P(TinyLcp, A2NegativeScalarWithNegativeOffsetIsInfeasible) {
  const SolverResult result = solve(scalar_lcp(-1.0, -1.0));
  EXPECT_EQ(result.status, Status::infeasible);
}

// A3: a = -1, b = 1 has the two solutions 0 and 1; each solver must return one of them.
TEST_P(TinyLcp, A3ReturnsOneOfTheTwoSolutions) {
  const LcpProblem problem = scalar_lcp(-1.0, 1.0);
  const SolverResult result = solve(problem);
  ASSERT_EQ(result.status, Status::converged);
  EXPECT_TRUE(IsLcpSolution(problem, result.z, kTol));
  const double x = result.z[0];
  EXPECT_TRUE(std::abs(x) <= 1e-12 || std::abs(x - 1.0) <= 1e-12) << "x = " << x;
}

// A4: a = b = 0: every x >= 0 solves; the solver returns some x >= 0 with residual 0.
TEST_P(TinyLcp, A4ZeroScalarReturnsANonnegativePointWithZeroResidual) {
  const LcpProblem problem = scalar_lcp(0.0, 0.0);
  const SolverResult result = solve(problem);
  ASSERT_EQ(result.status, Status::converged);
  EXPECT_GE(result.z[0], 0.0);
  EXPECT_EQ(result.residual, 0.0);
}

// A5: A = [[2,1],[1,2]], b = [-5,-6] gives x = (4/3, 7/3), y = 0.
TEST_P(TinyLcp, A5TwoByTwoSpd) {
  DenseMatrix M(2, 2);
  M << 2.0, 1.0, 1.0, 2.0;
  const LcpProblem problem(M, Vector{{-5.0, -6.0}});
  const SolverResult result = solve(problem);
  ASSERT_EQ(result.status, Status::converged);
  EXPECT_NEAR(result.z[0], 4.0 / 3.0, 1e-12);
  EXPECT_NEAR(result.z[1], 7.0 / 3.0, 1e-12);
  EXPECT_LE(problem.w(result.z).cwiseAbs().maxCoeff(), 1e-12);
  EXPECT_TRUE(IsLcpSolution(problem, result.z, kTol));
}

INSTANTIATE_TEST_SUITE_P(PivotingAndEnumeration, TinyLcp,
                         ::testing::Values(NamedFactory{"lemke", make_lemke_solver},
                                           NamedFactory{"dantzig", make_dantzig_solver},
                                           NamedFactory{"enum", make_enumeration_solver}),
                         [](const auto& instance) { return instance.param.name; });

// A3 for the all-solutions enumerator: both solutions, and the least-norm one from solve().
TEST(TinyLcpEnumeration, A3ListsBothSolutions) {
  const LcpProblem problem = scalar_lcp(-1.0, 1.0);
  const std::vector<Vector> solutions = enumerate_lcp_solutions(problem, kTol);
  ASSERT_EQ(solutions.size(), 2u);
  EXPECT_NEAR(solutions[0][0], 0.0, 1e-12);
  EXPECT_NEAR(solutions[1][0], 1.0, 1e-12);
  EXPECT_NEAR(make_enumeration_solver()->solve(problem, tight_options()).z[0], 0.0, 1e-12);
}

// A4 for the enumerator: the continuum is represented by its minimum-norm point, 0.
TEST(TinyLcpEnumeration, A4ContinuumIsRepresentedByZero) {
  const std::vector<Vector> solutions = enumerate_lcp_solutions(scalar_lcp(0.0, 0.0), kTol);
  ASSERT_EQ(solutions.size(), 1u);
  EXPECT_EQ(solutions[0][0], 0.0);
}

TEST(TinyLcpEnumeration, A2HasNoSolutions) {
  EXPECT_TRUE(enumerate_lcp_solutions(scalar_lcp(-1.0, -1.0), kTol).empty());
}

}  // namespace
}  // namespace relcp::lcp
