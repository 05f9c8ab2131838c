// Jacobi scaling on friction cones (collision/solvers/jacobi_scaling, docs/friction.md "Jacobi
// scaling on the cones"), on 1-4 ranks: the scaled cones hold exactly the scaled forces of the
// original cones, bbpgd and apgd reach the unscaled CCP's solution with the residual in the
// original units, the Coulomb fixed point does too, and `preconditioner: auto` scales exactly the
// frictional LCPs of the solvers that take it.
#include <gtest/gtest.h>
#include <mpi.h>

#include <cmath>
#include <random>
#include <stdexcept>
#include <string>
#include <tuple>
#include <utility>

#include "collision/linalg/distributed_vector_ops.hpp"
#include "collision/solvers/coulomb_fixed_point.hpp"
#include "collision/solvers/distributed_auto_solver.hpp"
#include "collision/solvers/distributed_solver_registry.hpp"
#include "collision/solvers/jacobi_scaling.hpp"
#include "collision/strategies/contact_settings.hpp"
#include "lcp/friction/friction_cone.hpp"
#include "support/frictional_lcp.hpp"

namespace relcp::collision {
namespace {

using testing::FrictionalLcp;
using testing::max_difference;

DistributedSolverOptions jacobi_on(const lcp::FrictionCones& cones, const DistributedVector& diagonal) {
  DistributedSolverOptions options;
  options.tolerance = 1e-9;
  options.cones = &cones;
  options.preconditioner = DistributedPreconditioner::jacobi;
  options.diagonal = &diagonal;
  return options;
}

TEST(ConeJacobi, TheScaledConesHoldExactlyTheScaledForces) {
  const FrictionalLcp problem(5);
  const DistributedVector diagonal = problem.diagonal();
  for (const auto& [mu, rolling, spinning] : {std::tuple{0.4, 0.0, 0.0}, std::tuple{0.5, 0.1, 0.05}}) {
    const lcp::FrictionCones cones = problem.cones(mu, rolling, spinning);
    const DistributedVector s = cone_jacobi_scaling(diagonal, cones);
    const lcp::FrictionCones scaled = scaled_cones(cones, s);
    for (const lcp::FrictionConeBlock& block : cones.blocks()) {
      EXPECT_EQ(s[block.normal_row + 1], s[block.normal_row + 2]);
      if (block.resists_rolling()) EXPECT_EQ(s[block.rolling_row()], s[block.rolling_row() + 1]);
      EXPECT_NE(s[block.normal_row], s[block.normal_row + 1]);  // the random rows' diagonals differ
    }
    std::mt19937_64 rng(11 + static_cast<unsigned>(testing::rank_of(MPI_COMM_WORLD)));
    std::normal_distribution<double> normal(0.0, 1.0);
    DistributedVector f(diagonal.layout());
    for (std::size_t i = 0; i < f.local_size(); ++i) f[i] = normal(rng);
    cones.project({f.local_data(), f.local_size()});  // f in K
    DistributedVector w(f.layout());
    divide(f, s, w);  // w = S^-1 f, which must lie in the scaled cones
    DistributedVector projected = w.clone();
    scaled.project({projected.local_data(), projected.local_size()});
    EXPECT_LT(max_difference(projected, w), 1e-12 * (1.0 + norm_inf(w)));
    // and a w outside the scaled cones maps to an f outside K: projecting moves both.
    for (std::size_t i = 0; i < w.local_size(); ++i) w[i] = normal(rng);
    DistributedVector w_in = w.clone();
    scaled.project({w_in.local_data(), w_in.local_size()});
    DistributedVector f_out(w.layout()), f_in(w.layout());
    multiply(s, w, f_out);
    multiply(s, w_in, f_in);
    DistributedVector f_projected = f_out.clone();
    cones.project({f_projected.local_data(), f_projected.local_size()});
    DistributedVector f_in_projected = f_in.clone();
    cones.project({f_in_projected.local_data(), f_in_projected.local_size()});
    EXPECT_LT(max_difference(f_in_projected, f_in), 1e-12 * (1.0 + norm_inf(f_in)));
    EXPECT_GT(max_difference(f_projected, f_out), 1e-3);
  }
}

class GradientOnCones : public ::testing::TestWithParam<std::string> {};

TEST_P(GradientOnCones, ScaledReachTheUnscaledCcpSolutionInTheOriginalUnits) {
  const FrictionalLcp problem(31);
  const DistributedVector diagonal = problem.diagonal();
  for (const auto& [mu, rolling, spinning] : {std::tuple{0.4, 0.0, 0.0}, std::tuple{0.5, 0.1, 0.05}}) {
    const lcp::FrictionCones cones = problem.cones(mu, rolling, spinning);
    for (const DistributedResidual residual :
         {DistributedResidual::projected_gradient_inf, DistributedResidual::projected_gradient_2}) {
      DistributedSolverOptions plain;
      plain.tolerance = 1e-9;
      plain.cones = &cones;
      plain.residual = residual;
      DistributedSolverOptions scaled = jacobi_on(cones, diagonal);
      scaled.residual = residual;
      scaled.record_history = true;
      const auto solver = make_distributed_solver(GetParam());
      const DistributedSolverResult none = solver->solve(problem.lcp(), plain);
      const DistributedSolverResult jacobi = solver->solve(problem.lcp(), scaled);
      ASSERT_EQ(none.status, lcp::Status::converged);
      ASSERT_EQ(jacobi.status, lcp::Status::converged);
      EXPECT_LE(jacobi.residual, scaled.tolerance);
      EXPECT_LE(jacobi.natural_residual, scaled.tolerance);  // recomputed on the original cones
      ASSERT_FALSE(jacobi.history.empty());
      EXPECT_EQ(jacobi.history.back(), jacobi.residual);
      EXPECT_LT(max_difference(jacobi.gamma, none.gamma), 1e-6);
      EXPECT_GT(norm_inf(jacobi.gamma), 0.0);
      DistributedVector in_cones = jacobi.gamma.clone();
      cones.project({in_cones.local_data(), in_cones.local_size()});
      EXPECT_LT(max_difference(in_cones, jacobi.gamma), 1e-12);
    }
  }
}

TEST_P(GradientOnCones, TheCoulombFixedPointOnScaledCcpsSolvesTheExactProblem) {
  const FrictionalLcp problem(17);
  const DistributedVector diagonal = problem.diagonal();
  const lcp::FrictionCones cones = problem.cones(0.2);
  DistributedSolverOptions options = jacobi_on(cones, diagonal);
  options.exact_coulomb = true;
  const auto solver = make_distributed_solver(GetParam());
  const CoulombSolve solved = solve_coulomb_fixed_point(*solver, problem.lcp(), options, 50, CoulombRescue{});
  ASSERT_EQ(solved.result.status, lcp::Status::converged);
  EXPECT_TRUE(solved.fixed_point_converged);
  EXPECT_LE(problem.exact_residual(cones, solved.result.gamma), options.tolerance);
}

INSTANTIATE_TEST_SUITE_P(Distributed, GradientOnCones, ::testing::Values("apgd", "bbpgd", "auto"));

// `auto` gives frictional LCPs of at least frictional_bbpgd_rows rows to bbpgd, whatever it has seen of
// the network (docs/friction.md, "Which solver with friction"), smaller ones and frictionless ones to
// apgd; its answer is the chosen solver's.
TEST(ConeJacobi, AutoGivesLargeFrictionalLcpsToBbpgd) {
  const FrictionalLcp problem(23);
  const lcp::FrictionCones cones = problem.cones(0.4);
  const std::int64_t rows = problem.lcp().A.layout().global_size();
  DistributedSolverOptions frictional;
  frictional.tolerance = 1e-9;
  frictional.cones = &cones;
  for (const auto& [threshold, expected] : {std::pair<std::int64_t, std::string>{rows, "bbpgd"}, {rows + 1, "apgd"}}) {
    AutoThresholds chosen;
    chosen.frictional_bbpgd_rows = threshold;
    chosen.hard_iterations = 1;  // every frictionless LCP after the first would go to a Newton method
    const DistributedAutoSolver solver({}, chosen);
    for (int solve = 0; solve < 2; ++solve) {
      const DistributedSolverResult result = solver.solve(problem.lcp(), frictional);
      EXPECT_EQ(solver.last_choice(), expected);
      ASSERT_EQ(result.status, lcp::Status::converged);
      const DistributedSolverResult alone = make_distributed_solver(expected)->solve(problem.lcp(), frictional);
      EXPECT_EQ(max_difference(result.gamma, alone.gamma), 0.0);
      EXPECT_EQ(result.iterations, alone.iterations);
    }
  }
  AutoThresholds low;
  low.frictional_bbpgd_rows = 0;
  const DistributedAutoSolver solver({}, low);
  DistributedSolverOptions frictionless;
  frictionless.tolerance = 1e-9;
  EXPECT_EQ(solver.solve(problem.lcp(), frictionless).status, lcp::Status::converged);
  EXPECT_EQ(solver.last_choice(), "apgd");
}

TEST(ConeJacobi, AutomaticScalesTheFrictionalLcpsOfTheSolversThatTakeIt) {
  ContactSettings settings;
  EXPECT_EQ(settings.solver.preconditioner, DistributedPreconditioner::automatic);
  for (const std::string solver : {"auto", "apgd", "bbpgd"}) {
    settings.solver.name = solver;
    EXPECT_EQ(effective_preconditioner(settings, true), DistributedPreconditioner::jacobi) << solver;
    EXPECT_EQ(effective_preconditioner(settings, false), DistributedPreconditioner::none) << solver;
  }
  settings.solver.name = "nsgs";
  EXPECT_EQ(effective_preconditioner(settings, true), DistributedPreconditioner::none);
  settings.solver.name = "apgd";
  settings.solver.backend = ComputeBackend::cuda;
  EXPECT_EQ(effective_preconditioner(settings, true), DistributedPreconditioner::none);
  settings.solver.backend = ComputeBackend::cpu;
  settings.solver.preconditioner = DistributedPreconditioner::none;
  EXPECT_EQ(effective_preconditioner(settings, true), DistributedPreconditioner::none);
  settings.solver.preconditioner = DistributedPreconditioner::jacobi;
  EXPECT_EQ(effective_preconditioner(settings, false), DistributedPreconditioner::jacobi);
  EXPECT_EQ(contact_solver_options(settings).preconditioner, DistributedPreconditioner::jacobi);
  settings.solver.preconditioner = DistributedPreconditioner::automatic;
  EXPECT_EQ(contact_solver_options(settings).preconditioner, DistributedPreconditioner::none);
}

TEST(ConeJacobi, TheSettingAutomaticNeverReachesASolver) {
  const FrictionalLcp problem(3);
  const lcp::FrictionCones cones = problem.cones(0.3);
  DistributedSolverOptions options;
  options.cones = &cones;
  options.preconditioner = DistributedPreconditioner::automatic;
  EXPECT_THROW(make_distributed_solver("apgd")->solve(problem.lcp(), options), std::invalid_argument);
}

}  // namespace
}  // namespace relcp::collision
