// Min-map Newton with the Fischer-Burmeister globalization (MinMapGlobalization::fischer_burmeister):
// it solves the Siconos examples and Erleben contact problems on which plain min-map stops,
// every `converged` is a verified natural residual, and it leaves easy problems' iterations alone.

#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "lcp/io/siconos_dat_reader.hpp"
#include "lcp/problems/erleben_generators.hpp"
#include "lcp/residual.hpp"
#include "lcp/solver_factories.hpp"
#include "support/lcp_checks.hpp"

namespace relcp::lcp {
namespace {

using testing::IsLcpSolution;

const std::filesystem::path kSiconosData = std::filesystem::path(RELCP_SOURCE_DIR) / "tests/lcp/data/siconos";

SolverResult solve_minmap(const LcpProblem& problem, MinMapGlobalization globalization, int direct_solve_limit = 400) {
  SolverOptions options;
  options.minmap_globalization = globalization;
  options.direct_solve_limit = direct_solve_limit;
  return make_minmap_solver()->solve(problem, options);
}

// `converged` must mean ||min(z, Mz + q)||_inf <= tolerance for the returned z >= 0.
void expect_verified_solution(const LcpProblem& problem, const SolverResult& result) {
  const double tolerance = SolverOptions{}.tolerance;
  ASSERT_EQ(result.status, Status::converged) << to_string(result.status) << ", residual " << result.residual;
  EXPECT_EQ(result.residual, natural_residual(problem, result.z));
  EXPECT_LE(natural_residual(problem, result.z), tolerance);
  EXPECT_TRUE(IsLcpSolution(problem, result.z, tolerance));
}

TEST(MinMapFischerGlobalization, SolvesTheSiconosCpsFilesWherePlainMinMapStops) {
  for (const std::string name : {"lcp_CPS_2.dat", "lcp_CPS_4.dat", "lcp_CPS_4bis.dat"}) {
    SCOPED_TRACE(name);
    const LcpProblem problem = read_siconos_dat(kSiconosData / name);
    const SolverResult plain = solve_minmap(problem, MinMapGlobalization::none);
    EXPECT_NE(plain.status, Status::converged);
    EXPECT_GT(natural_residual(problem, plain.z), SolverOptions{}.tolerance);
    for (const int limit : {400, 0}) {  // dense solves and GMRES
      SCOPED_TRACE("direct_solve_limit " + std::to_string(limit));
      expect_verified_solution(problem, solve_minmap(problem, MinMapGlobalization::fischer_burmeister, limit));
    }
  }
}

// Plain min-map ends `nondescent` on these (test_minmap_newton.cpp); the merit's gradient and
// the Fischer-Newton direction carry the globalized method to the solution.
TEST(MinMapFischerGlobalization, SolvesErlebenContactProblems) {
  for (std::uint64_t seed = 1; seed <= 4; ++seed) {
    SCOPED_TRACE("seed " + std::to_string(seed));
    const erleben::GeneratedLcp contact = erleben::make_contact_lcp(20, seed);
    expect_verified_solution(contact.problem, solve_minmap(contact.problem, MinMapGlobalization::fischer_burmeister));
  }
}

// Where the Newton steps of plain min-map are full steps, the Fischer-Burmeister merit accepts
// them too: same iterates, same count.
TEST(MinMapFischerGlobalization, TakesThePlainNewtonStepsOnSpdProblems) {
  for (std::uint64_t seed = 1; seed <= 5; ++seed) {
    const erleben::GeneratedLcp pd = erleben::make_pd_lcp(60, seed);
    const SolverResult plain = solve_minmap(pd.problem, MinMapGlobalization::none);
    const SolverResult globalized = solve_minmap(pd.problem, MinMapGlobalization::fischer_burmeister);
    expect_verified_solution(pd.problem, globalized);
    EXPECT_EQ(globalized.iterations, plain.iterations) << "seed " << seed;
  }
}

TEST(MinMapFischerGlobalization, MeritDecreasesAtEveryStep) {
  const erleben::GeneratedLcp contact = erleben::make_contact_lcp(20, 2);
  const SolverResult result = solve_minmap(contact.problem, MinMapGlobalization::fischer_burmeister);
  ASSERT_GE(result.merit_history.size(), 2u);
  for (std::size_t k = 1; k < result.merit_history.size(); ++k) {
    EXPECT_LT(result.merit_history[k], result.merit_history[k - 1]) << "step " << k;
  }
}

// A2: (a, b) = (-1, -1) has no solution.
TEST(MinMapFischerGlobalization, DoesNotClaimSuccessWithoutASolution) {
  const LcpProblem problem(DenseMatrix::Constant(1, 1, -1.0), Vector::Constant(1, -1.0));
  const SolverResult result = solve_minmap(problem, MinMapGlobalization::fischer_burmeister);
  EXPECT_NE(result.status, Status::converged);
  EXPECT_GT(result.residual, 0.5);
}

TEST(MinMapFischerGlobalization, ClaimedSolutionsOfPsdProblemsVerify) {
  for (std::uint64_t seed = 1; seed <= 6; ++seed) {
    const erleben::GeneratedLcp psd = erleben::make_psd_lcp(60, 0.2 * static_cast<double>(seed - 1), seed);
    const SolverResult result = solve_minmap(psd.problem, MinMapGlobalization::fischer_burmeister);
    if (result.status == Status::converged) {
      EXPECT_TRUE(IsLcpSolution(psd.problem, result.z, SolverOptions{}.tolerance)) << "seed " << seed;
    } else {
      EXPECT_GT(natural_residual(psd.problem, result.z), SolverOptions{}.tolerance) << "seed " << seed;
    }
  }
}

}  // namespace
}  // namespace relcp::lcp
