// The defaults a user gets from SolverOptions{} (docs/lcp_newton.md, "Defaults"): min-map with the
// Fischer-Burmeister globalization solves Siconos' CPS files on which Erleben's plain min-map
// stops, and Fischer-Newton with its default Jacobian strategy solves frictional Stewart-Trinkle
// contact LCPs within a modest number of iterations.

#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "lcp/io/siconos_dat_reader.hpp"
#include "lcp/problems/contact_model.hpp"
#include "lcp/solver_factories.hpp"
#include "support/lcp_checks.hpp"

namespace relcp::lcp {
namespace {

const std::filesystem::path kSiconosData = std::filesystem::path(RELCP_SOURCE_DIR) / "tests/lcp/data/siconos";

// ||min(z, Mz + q)||_inf, recomputed here from the returned z.
double recomputed_natural_residual(const LcpProblem& problem, const Vector& z) {
  return z.cwiseMin(problem.w(z)).lpNorm<Eigen::Infinity>();
}

TEST(NewtonDefaults, OptionsSelectTheMeasuredDefaults) {
  const SolverOptions options;
  EXPECT_EQ(options.minmap_globalization, MinMapGlobalization::fischer_burmeister);
  EXPECT_EQ(options.jacobian, FischerJacobian::perturbation);
}

TEST(NewtonDefaults, MinMapWithDefaultOptionsSolvesTheSiconosCpsFiles) {
  for (const std::string name : {"lcp_CPS_2.dat", "lcp_CPS_4.dat", "lcp_CPS_4bis.dat"}) {
    SCOPED_TRACE(name);
    const LcpProblem problem = read_siconos_dat(kSiconosData / name);
    const SolverOptions options;
    const SolverResult result = make_minmap_solver()->solve(problem, options);
    ASSERT_EQ(result.status, Status::converged) << to_string(result.status);
    ASSERT_EQ(result.z.size(), problem.size());
    EXPECT_GE(result.z.minCoeff(), 0.0);
    EXPECT_LE(recomputed_natural_residual(problem, result.z), options.tolerance);
    EXPECT_TRUE(testing::IsLcpSolution(problem, result.z, options.tolerance));
  }
}

// n = 120: 20 contacts, 4 friction directions, a zero 20 x 20 diagonal block and q = 0 on the beta
// rows, so that z = 0 starts on exact kinks of phi_FB.
TEST(NewtonDefaults, FischerWithDefaultOptionsSolvesStewartTrinkleFrictionalLcps) {
  constexpr int kIterationCap = 60;
  for (std::uint64_t seed = 1; seed <= 4; ++seed) {
    SCOPED_TRACE("seed " + std::to_string(seed));
    const LcpProblem problem = build_contact_lcp(random_contact_step(20, 4, seed));
    ASSERT_EQ(problem.size(), 120);
    const SolverOptions options;
    const SolverResult result = make_fischer_solver()->solve(problem, options);
    ASSERT_EQ(result.status, Status::converged) << to_string(result.status);
    EXPECT_LE(result.iterations, kIterationCap);
    EXPECT_LE(recomputed_natural_residual(problem, result.z), options.tolerance);
    EXPECT_TRUE(testing::IsLcpSolution(problem, result.z, options.tolerance));
  }
}

}  // namespace
}  // namespace relcp::lcp
