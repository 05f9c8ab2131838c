// The frictional solvers (lcp/friction/friction_solvers.hpp) on Siconos' own FrictionContact3D
// test problems, with the Siconos error of what they return recomputed here independently, and
// the difference between the convex relaxation and exact Coulomb friction on a sliding contact.

#include <gtest/gtest.h>

#include <random>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <tuple>
#include <vector>

#include "lcp/friction/friction_solvers.hpp"
#include "lcp/io/siconos_friction_reader.hpp"
#include "support/coulomb_reference.hpp"

namespace relcp::lcp {
namespace {

const std::filesystem::path kData = std::filesystem::path(RELCP_SOURCE_DIR) / "tests/lcp/data/siconos_fc3d";
constexpr double kSiconosTolerance = 1e-5;  // the tolerance of Siconos' FC3D test suites

const std::vector<std::string> kProblems = {
    "FrictionContact3D_1c.dat",
    "FrictionContact3D_RR_1c.dat",
    "Rover4396.dat",
    "Rover11035.dat",
    "FC3D_Example1.dat",
    "FC3D_Example1_SBM.dat",
    "Rover1039.dat",
    "Rover9770.dat",
    "Confeti-ex13-4contact-Fc3D-SBM.dat",
    "NESpheres_10_1.dat",
    "OneObject-i100000-499.hdf5.dat",
    "BoxesStack1-i100000-32.hdf5.dat",
};

double independent_error(const FrictionContactProblem& problem, const Vector& r) {
  return testing::reference_siconos_error(problem.local().dense(), problem.q(), problem.mu(), r);
}

bool in_cones(const FrictionContactProblem& problem, const Vector& r, double slack) {
  for (Index c = 0; c < problem.contacts(); ++c) {
    if (std::hypot(r[3 * c + 1], r[3 * c + 2]) > problem.mu()[c] * r[3 * c] + slack) return false;
  }
  return true;
}

using SolverAndFile = std::tuple<std::string, std::string>;

std::string case_name(const ::testing::TestParamInfo<SolverAndFile>& case_info) {
  std::string name = std::get<0>(case_info.param) + "_" + std::get<1>(case_info.param);
  for (char& c : name) {
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  }
  return name;
}

class ExactCoulombOnSiconosProblems : public ::testing::TestWithParam<SolverAndFile> {};

// A solve of `file` at Siconos' tolerance, with the error of its r recomputed independently.
struct CheckedSolve {
  FrictionContactProblem problem;
  FrictionSolverResult result;
  double error = 0.0;
};

CheckedSolve solve_file(const std::string& solver, const std::string& file) {
  CheckedSolve solve{read_siconos_friction_dat(kData / file), {}, 0.0};
  FrictionSolverOptions options;
  options.tolerance = kSiconosTolerance;
  solve.result = solve_friction(solver, solve.problem, options);
  solve.error = independent_error(solve.problem, solve.result.r);
  EXPECT_NEAR(solve.result.error, solve.error, 1e-12) << solver << " on " << file;
  EXPECT_TRUE(in_cones(solve.problem, solve.result.r, 1e-12 * (1.0 + solve.result.r.norm())))
      << solver << " on " << file;
  return solve;
}

TEST_P(ExactCoulombOnSiconosProblems, ReachesSiconosTolerance) {
  const auto& [solver, file] = GetParam();
  const CheckedSolve solve = solve_file(solver, file);
  EXPECT_EQ(solve.result.status, Status::converged)
      << solver << " on " << file << ": " << to_string(solve.result.status);
  EXPECT_LE(solve.error, kSiconosTolerance);
}

INSTANTIATE_TEST_SUITE_P(Files, ExactCoulombOnSiconosProblems,
                         ::testing::Combine(::testing::Values(std::string("coulomb"), std::string("nsgs"),
                                                              std::string("newton_ac")),
                                            ::testing::ValuesIn(kProblems)),
                         case_name);

class RelaxationOnSiconosProblems : public ::testing::TestWithParam<SolverAndFile> {};

// The relaxation converges only where its solution happens to be a Coulomb solution; otherwise
// it must say so (stagnation once the relaxation itself is solved), never claim convergence.
TEST_P(RelaxationOnSiconosProblems, ConvergesOnlyWithinToleranceAndOtherwiseSolvesTheRelaxation) {
  const auto& [solver, file] = GetParam();
  const CheckedSolve solve = solve_file(solver, file);
  const FrictionContactProblem& problem = solve.problem;
  const FrictionSolverResult& result = solve.result;
  const double error = solve.error;
  if (result.status == Status::converged) {
    EXPECT_LE(error, kSiconosTolerance);
  } else {
    EXPECT_EQ(result.status, Status::stagnation) << solver << " on " << file << ": " << to_string(result.status);
    EXPECT_GT(error, kSiconosTolerance);
    // The relaxation's own optimality: u in the dual cones (u_n >= ||u_t|| mu up to the
    // tolerance) and r . u = 0, relative to the same scale as the Siconos error.
    const double scale = std::max({problem.q().norm(), result.r.norm(), result.u.norm()});
    EXPECT_LE(std::abs(result.r.dot(result.u)), 10 * kSiconosTolerance * scale * scale);
  }
}

INSTANTIATE_TEST_SUITE_P(Files, RelaxationOnSiconosProblems,
                         ::testing::Combine(::testing::Values(std::string("ccp"), std::string("ccp_bbpgd")),
                                            ::testing::ValuesIn(kProblems)),
                         case_name);

// One contact, W = I, q = (-1, 2, 0), mu = 1/2: pressed down and pushed sideways. Coulomb: it
// slides with u = (0, 1.5, 0) and r = (1, -0.5, 0). The relaxation's solution is the projection
// of -q onto the cone, r = (1.6, -0.8, 0), with a spurious normal separation u_n = 0.6.
FrictionContactProblem sliding_contact() {
  return FrictionContactProblem(LcpProblem(DenseMatrix(DenseMatrix::Identity(3, 3)), Vector(Eigen::Vector3d(-1, 2, 0))),
                                Vector::Constant(1, 0.5));
}

TEST(SlidingContact, CoulombSolversKeepTheContactClosed) {
  for (const std::string solver : {"coulomb", "nsgs", "newton_ac"}) {
    FrictionSolverOptions options;
    options.tolerance = 1e-10;
    const FrictionSolverResult result = solve_friction(solver, sliding_contact(), options);
    EXPECT_EQ(result.status, Status::converged) << solver;
    EXPECT_NEAR(result.u[0], 0.0, 1e-8) << solver;
    EXPECT_NEAR(result.r[0], 1.0, 1e-8) << solver;
    EXPECT_NEAR(result.r[1], -0.5, 1e-8) << solver;
    EXPECT_NEAR(result.u[1], 1.5, 1e-8) << solver;
  }
}

TEST(SlidingContact, RelaxationSeparatesTheContactAndSaysItIsNotCoulomb) {
  FrictionSolverOptions options;
  options.tolerance = 1e-10;
  const FrictionSolverResult result = solve_friction("ccp", sliding_contact(), options);
  EXPECT_EQ(result.status, Status::stagnation);
  EXPECT_NEAR(result.r[0], 1.6, 1e-8);
  EXPECT_NEAR(result.r[1], -0.8, 1e-8);
  EXPECT_NEAR(result.u[0], 0.6, 1e-8);  // = mu ||u_t||: the relaxation's separation
  EXPECT_GT(result.error, 0.1);
}

// BBPGD's first step from r = 0 is P_K(-q / ||P_K(-q)||_inf); with W = I and mu <= 1 that is
// -q's cone projection scaled to r_n = 1 = -q_n, which is exactly the Coulomb solution. The
// solver checks the Coulomb error at every iterate, so it stops there, converged.
TEST(SlidingContact, BbpgdFirstStepLandsOnTheCoulombSolutionAndStopsThere) {
  FrictionSolverOptions options;
  options.tolerance = 1e-10;
  const FrictionSolverResult result = solve_friction("ccp_bbpgd", sliding_contact(), options);
  EXPECT_EQ(result.status, Status::converged);
  EXPECT_EQ(result.iterations, 1);
  EXPECT_NEAR(result.u[0], 0.0, 1e-12);
}

TEST(FrictionSolvers, IterationCapEndsWithoutClaimingConvergence) {
  const FrictionContactProblem problem = read_siconos_friction_dat(kData / "OneObject-i100000-499.hdf5.dat");
  for (const std::string& solver : friction_solver_names()) {
    FrictionSolverOptions options;
    options.max_iterations = 2;
    const FrictionSolverResult result = solve_friction(solver, problem, options);
    EXPECT_NE(result.status, Status::converged) << solver;
    EXPECT_GT(result.error, options.tolerance) << solver;
  }
}

TEST(FrictionSolvers, WarmStartAtTheSolutionConvergesAtOnce) {
  const FrictionContactProblem problem = read_siconos_friction_dat(kData / "Rover9770.dat");
  FrictionSolverOptions options;
  const FrictionSolverResult first = solve_friction("nsgs", problem, options);
  ASSERT_EQ(first.status, Status::converged);
  options.warm_start = first.r;
  for (const std::string solver : {"coulomb", "ccp", "newton_ac"}) {
    const FrictionSolverResult warm = solve_friction(solver, problem, options);
    EXPECT_EQ(warm.status, Status::converged) << solver;
    EXPECT_EQ(warm.iterations, 0) << solver;
  }
}

// A well-conditioned W (diagonally dominant, SPD) and small coefficients: the Coulomb solution is
// unique, and the Newton method and NSGS must find the same one.
TEST(FrictionSolvers, NewtonAndNsgsFindTheSameUniqueSolution) {
  std::mt19937_64 rng(3);
  std::normal_distribution<double> normal;
  const Index contacts = 6;
  DenseMatrix B(3 * contacts, 3 * contacts);
  for (Index i = 0; i < B.size(); ++i) B.data()[i] = normal(rng);
  const DenseMatrix W = B * B.transpose() / (3.0 * contacts) + 2.0 * DenseMatrix::Identity(3 * contacts, 3 * contacts);
  Vector q(3 * contacts);
  for (Index i = 0; i < q.size(); ++i) q[i] = normal(rng);
  const FrictionContactProblem problem(LcpProblem(W, q), Vector::Constant(contacts, 0.2));
  FrictionSolverOptions options;
  options.tolerance = 1e-12;
  const FrictionSolverResult newton = solve_friction("newton_ac", problem, options);
  const FrictionSolverResult nsgs = solve_friction("nsgs", problem, options);
  ASSERT_EQ(newton.status, Status::converged);
  ASSERT_EQ(nsgs.status, Status::converged);
  EXPECT_LE((newton.r - nsgs.r).norm(), 1e-9 * (1.0 + nsgs.r.norm()));
  EXPECT_LT(newton.iterations, 30);  // Newton: a handful of steps, not sweeps
}

// W = 0 and an approaching contact (q_n < 0): no force can stop it, so there is no solution, and
// neither Newton nor NSGS may claim one. (The gradient solvers' iterates grow without bound until
// Siconos' error, relative to ||r||, falls below the tolerance: docs/friction_lcp.md, "Limits".)
TEST(FrictionSolvers, AProblemWithoutSolutionIsNeverConverged) {
  const FrictionContactProblem problem(
      LcpProblem(DenseMatrix(DenseMatrix::Zero(3, 3)), Vector(Eigen::Vector3d(-1, 0.5, 0))), Vector::Constant(1, 0.3));
  for (const std::string solver : {"newton_ac", "nsgs"}) {
    FrictionSolverOptions options;
    options.max_iterations = 200;
    const FrictionSolverResult result = solve_friction(solver, problem, options);
    EXPECT_NE(result.status, Status::converged) << solver;
    EXPECT_GT(result.error, options.tolerance) << solver;
  }
}

TEST(FrictionSolvers, RejectsBadOptionsAndNames) {
  const FrictionContactProblem problem = sliding_contact();
  FrictionSolverOptions options;
  EXPECT_THROW(solve_friction("lemke", problem, options), std::invalid_argument);
  options.tolerance = 0.0;
  EXPECT_THROW(solve_friction("nsgs", problem, options), std::invalid_argument);
  options = {};
  options.warm_start = Vector::Zero(2);
  EXPECT_THROW(solve_friction("ccp", problem, options), std::invalid_argument);
  options = {};
  options.max_iterations = -1;
  EXPECT_THROW(solve_friction("coulomb", problem, options), std::invalid_argument);
}

}  // namespace
}  // namespace relcp::lcp
