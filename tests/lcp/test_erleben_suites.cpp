// Erleben's synthetic experiments (Erleben 2013, Sec. 7; E1-E6 of docs/lcp.md) as fast properties
// of the solver suite,
// on problems from the ported generators with the corrected make_lcp (planted true solution).
// Tolerances are on relcp's natural residual ||min(z, Mz+q)||_inf, not on [E]'s merits; the
// mapping and the measured counts are in docs/lcp.md. E7 (timing growth) is a benchmark
// (apps/bench/lcp_bench.cpp), the 100-instance statistics are in long_erleben_suites.cpp.

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "lcp/problems/erleben_generators.hpp"
#include "lcp/registry.hpp"
#include "lcp/residual.hpp"
#include "support/lcp_checks.hpp"

namespace relcp::lcp {
namespace {

using erleben::GeneratedLcp;

SolverResult solve_with(const std::string& solver, const LcpProblem& problem, double tolerance, int max_iterations,
                        double relaxation = 1.4, const Vector& warm_start = Vector()) {
  SolverOptions options;
  options.tolerance = tolerance;
  options.max_iterations = max_iterations;
  options.relaxation = relaxation;
  options.warm_start = warm_start;
  // Erleben's min-map (plain line search), which these suites reproduce; the default is the
  // Fischer-Burmeister globalization (docs/lcp_newton.md, "Defaults").
  options.minmap_globalization = MinMapGlobalization::none;
  return make_solver(solver)->solve(problem, options);
}

double mean(const std::vector<int>& values) {
  double sum = 0.0;
  for (const int value : values) sum += value;
  return sum / static_cast<double>(values.size());
}

constexpr int kFluidGrid = 10;  // N = 1000, the size of [E]'s fluid experiments
constexpr int kContacts = 30;   // N = 180, the size of [E]'s contact robustness experiment
constexpr double kTolerance = 1e-8;
constexpr int kMaxIterations = 100;

// E1: on the fluid family every method converges; Newton in a handful of iterations, PSOR(1.4)
// markedly faster than PGS on average ([E] Table 2b: PSOR/PGS = 25.29/49.38).
TEST(ErlebenSuites, E1FluidAllMethodsConvergeAndPsorBeatsPgs) {
  std::vector<int> pgs, psor;
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    const GeneratedLcp fluid = erleben::make_fluid_lcp(kFluidGrid, seed);
    for (const std::string solver : {"pgs", "psor"}) {
      const SolverResult result = solve_with(solver, fluid.problem, kTolerance, kMaxIterations);
      ASSERT_EQ(result.status, Status::converged) << solver << " seed " << seed;
      EXPECT_TRUE(testing::IsLcpSolution(fluid.problem, result.z, 1e-7));
      (solver == "pgs" ? pgs : psor).push_back(result.iterations);
    }
  }
  EXPECT_LE(mean(psor) / mean(pgs), 0.7) << "PSOR mean " << mean(psor) << ", PGS mean " << mean(pgs);
  EXPECT_LE(*std::max_element(psor.begin(), psor.end()), 40);

  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    const GeneratedLcp fluid = erleben::make_fluid_lcp(kFluidGrid, seed);
    for (const std::string solver : {"fischer", "minmap"}) {
      const SolverResult result = solve_with(solver, fluid.problem, kTolerance, kMaxIterations);
      ASSERT_EQ(result.status, Status::converged) << solver << " seed " << seed;
      EXPECT_LE(result.iterations, 10) << solver;
      // The LCP of a PD matrix has one solution: the planted one.
      EXPECT_LT((result.z - fluid.solution).lpNorm<Eigen::Infinity>(), 1e-6) << solver;
    }
  }
}

// E2: on the contact family (zero diagonal, non-symmetric) Fischer-Newton and Lemke solve,
// minimum-map Newton breaks down (non-descent direction or failed line search), PGS/PSOR refuse.
TEST(ErlebenSuites, E2ContactOnlyFischerAndLemkeSolve) {
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    const GeneratedLcp contact = erleben::make_contact_lcp(kContacts, seed);
    const SolverResult fischer = solve_with("fischer", contact.problem, kTolerance, kMaxIterations);
    EXPECT_EQ(fischer.status, Status::converged) << "seed " << seed;
    EXPECT_LE(fischer.iterations, 30);
    EXPECT_TRUE(testing::IsLcpSolution(contact.problem, fischer.z, 1e-7));

    const SolverResult lemke = solve_with("lemke", contact.problem, 1e-10, 0);
    EXPECT_EQ(lemke.status, Status::converged) << "seed " << seed;
    EXPECT_TRUE(testing::IsLcpSolution(contact.problem, lemke.z, 1e-9));

    // [E]: "non-descent" in every run. relcp's min-map ends nondescent or, when the Armijo search
    // finds no step along a direction that is still formally descent, stagnation; never success.
    const SolverResult minmap = solve_with("minmap", contact.problem, kTolerance, kMaxIterations);
    EXPECT_TRUE(minmap.status == Status::nondescent || minmap.status == Status::stagnation)
        << "seed " << seed << ": " << to_string(minmap.status);
    EXPECT_GT(natural_residual(contact.problem, minmap.z), kTolerance);

    for (const std::string solver : {"pgs", "psor"}) {
      EXPECT_EQ(solve_with(solver, contact.problem, kTolerance, kMaxIterations).status, Status::unsupported);
    }
  }
}

// E3: with tolerance 0, the splitting merits fall linearly (a steady ratio below 1) and the
// Newton merits quadratically (theta_{k+1} <= C theta_k^2 until round-off).
TEST(ErlebenSuites, E3ConvergenceOrders) {
  const GeneratedLcp fluid = erleben::make_fluid_lcp(kFluidGrid, 1);
  for (const std::string solver : {"pgs", "psor"}) {
    const SolverResult result = solve_with(solver, fluid.problem, 0.0, 30);
    ASSERT_EQ(result.merit_history.size(), 30u) << solver;
    for (std::size_t k = 5; k + 1 < result.merit_history.size(); ++k) {
      const double ratio = result.merit_history[k + 1] / result.merit_history[k];
      EXPECT_LT(ratio, 0.9) << solver << " iteration " << k;
      EXPECT_GT(ratio, 0.05) << solver << " iteration " << k << ": faster than linear";
    }
  }
  for (const std::string solver : {"fischer", "minmap"}) {
    const SolverResult result = solve_with(solver, fluid.problem, 0.0, 12);
    const auto& theta = result.merit_history;
    int quadratic_steps = 0;
    for (std::size_t k = 0; k + 1 < theta.size(); ++k) {
      // Skip steps before the basin of quadratic convergence and steps into the round-off floor.
      if (theta[k] > 1e-1 || 10.0 * theta[k] * theta[k] < 1e-26) continue;
      EXPECT_LE(theta[k + 1], 10.0 * theta[k] * theta[k]) << solver << " iteration " << k;
      ++quadratic_steps;
    }
    EXPECT_GE(quadratic_steps, 2) << solver;
  }
}

// E4: the fastest PSOR relaxation on the fluid problem lies in [1.2, 1.6] ([E]: about 1.4).
TEST(ErlebenSuites, E4PsorBestRelaxationNearOnePointFour) {
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    const GeneratedLcp fluid = erleben::make_fluid_lcp(kFluidGrid, seed);
    double best_relaxation = 0.0;
    int best_iterations = 1 << 30;
    for (int step = 1; step <= 9; ++step) {
      const double relaxation = 0.2 * step;
      const SolverResult result = solve_with("psor", fluid.problem, 1e-6, 1000, relaxation);
      ASSERT_EQ(result.status, Status::converged) << "relaxation " << relaxation;
      if (result.iterations < best_iterations) {
        best_iterations = result.iterations;
        best_relaxation = relaxation;
      }
    }
    EXPECT_GE(best_relaxation, 1.2 - 1e-9) << "seed " << seed;
    EXPECT_LE(best_relaxation, 1.6 + 1e-9) << "seed " << seed;
  }
}

// E5: 10 PGS sweeps as a warm start at least halve the Newton iterations on dense PD problems.
TEST(ErlebenSuites, E5WarmStartHalvesNewtonIterations) {
  for (const std::string solver : {"fischer", "minmap"}) {
    std::vector<int> cold, warm;
    for (std::uint64_t seed = 1; seed <= 20; ++seed) {
      const GeneratedLcp pd = erleben::make_pd_lcp(100, seed);
      const SolverResult sweeps = solve_with("pgs", pd.problem, 1e-300, 10);
      ASSERT_EQ(sweeps.iterations, 10);
      const SolverResult from_zero = solve_with(solver, pd.problem, 1e-6, 30);
      const SolverResult from_pgs = solve_with(solver, pd.problem, 1e-6, 30, 1.4, sweeps.z);
      ASSERT_EQ(from_zero.status, Status::converged) << solver << " seed " << seed;
      ASSERT_EQ(from_pgs.status, Status::converged) << solver << " seed " << seed;
      cold.push_back(from_zero.iterations);
      warm.push_back(from_pgs.iterations);
    }
    EXPECT_LE(mean(warm), 0.5 * mean(cold)) << solver << ": warm " << mean(warm) << ", cold " << mean(cold);
  }
}

// E6: on PSD problems with growing null spaces no solver claims a solution it does not have,
// and Fischer-Newton stays robust.
TEST(ErlebenSuites, E6PsdRatioSweepNoFalseConvergence) {
  constexpr double kPsdTolerance = 1e-6;
  for (const double ratio : {0.0, 0.2, 0.4, 0.6, 0.8}) {
    int fischer_converged = 0;
    for (std::uint64_t seed = 1; seed <= 4; ++seed) {
      const GeneratedLcp psd = erleben::make_psd_lcp(100, ratio, seed);
      for (const std::string solver : {"pgs", "psor", "fischer", "minmap"}) {
        const SolverResult result = solve_with(solver, psd.problem, kPsdTolerance, kMaxIterations);
        if (result.status == Status::converged) {
          EXPECT_LE(natural_residual(psd.problem, result.z), kPsdTolerance) << solver << " ratio " << ratio;
          EXPECT_TRUE((result.z.array() >= 0.0).all()) << solver;
          fischer_converged += solver == "fischer";
        } else {
          EXPECT_GT(natural_residual(psd.problem, result.z), kPsdTolerance)
              << solver << " ratio " << ratio << " reports " << to_string(result.status) << " at a solution";
        }
      }
    }
    EXPECT_GE(fischer_converged, 3) << "ratio " << ratio;
  }
}

}  // namespace
}  // namespace relcp::lcp
