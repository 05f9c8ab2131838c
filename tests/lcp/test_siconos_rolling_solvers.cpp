// The rolling friction solvers (lcp/friction/rolling_friction_solvers.hpp) and their pieces: the
// projection onto the rolling cone against Dykstra's alternating projections, Siconos' rolling
// error against an independent implementation, closed-form one-contact problems, and Siconos'
// own RollingFrictionContact test problems (tests/lcp/data/siconos_rolling) solved to 1e-8.

#include <gtest/gtest.h>

#include <filesystem>
#include <random>
#include <stdexcept>
#include <string>

#include "lcp/friction/rolling_cone.hpp"
#include "lcp/friction/rolling_friction_solvers.hpp"
#include "lcp/friction/siconos_rolling_error.hpp"
#include "lcp/io/siconos_rolling_friction_reader.hpp"
#include "support/rolling_reference.hpp"

namespace relcp::lcp {
namespace {

using testing::Rolling5;

const std::filesystem::path kData = std::filesystem::path(RELCP_SOURCE_DIR) / "tests/lcp/data/siconos_rolling";

RollingLocal projected(double mu, double mu_r, RollingLocal x) {
  project_onto_rolling_cone(mu, mu_r, x);
  return x;
}

TEST(RollingCone, ProjectsEachCaseInClosedForm) {
  // Inside, and in the polar cone.
  EXPECT_EQ(projected(0.5, 0.1, RollingLocal(1.0, 0.3, 0.0, 0.0, 0.05)), RollingLocal(1.0, 0.3, 0.0, 0.0, 0.05));
  EXPECT_EQ(projected(0.5, 0.1, RollingLocal(-2.0, 1.0, 0.0, 5.0, 0.0)), RollingLocal::Zero());
  // Only the rolling bound: r_n = (1 + 0.1 * 0.3) / 1.01, r_r scaled to 0.1 r_n.
  const double rolling_n = 1.03 / 1.01;
  EXPECT_TRUE(projected(0.5, 0.1, RollingLocal(1.0, 0.0, 0.0, 0.3, 0.0))
                  .isApprox(RollingLocal(rolling_n, 0.0, 0.0, 0.1 * rolling_n, 0.0), 1e-15));
  // Only the friction bound: r_n = (1 + 0.5 * 2) / 1.25.
  EXPECT_TRUE(projected(0.5, 0.1, RollingLocal(1.0, 0.0, 2.0, 0.0, 0.0))
                  .isApprox(RollingLocal(1.6, 0.0, 0.8, 0.0, 0.0), 1e-15));
  // Both: r_n = (1 + 0.5 * 2 + 0.1 * 3) / 1.26.
  const double both_n = 2.3 / 1.26;
  EXPECT_TRUE(projected(0.5, 0.1, RollingLocal(1.0, 2.0, 0.0, 0.0, 3.0))
                  .isApprox(RollingLocal(both_n, 0.5 * both_n, 0.0, 0.0, 0.1 * both_n), 1e-15));
  // mu_r = 0: the rolling moment vanishes.
  EXPECT_TRUE(
      projected(0.5, 0.0, RollingLocal(1.0, 0.1, 0.0, 0.3, 0.4)).isApprox(RollingLocal(1.0, 0.1, 0.0, 0.0, 0.0)));
}

TEST(RollingCone, AgreesWithDykstraOnRandomPoints) {
  std::mt19937 random(7);
  std::normal_distribution<double> normal(0.0, 1.0);
  std::uniform_real_distribution<double> coefficient(0.0, 1.5);
  for (int trial = 0; trial < 500; ++trial) {
    const double mu = trial % 17 == 0 ? 0.0 : coefficient(random);
    const double mu_r = trial % 13 == 0 ? 0.0 : coefficient(random);
    RollingLocal x;
    for (Index i = 0; i < 5; ++i) x[i] = normal(random);
    const RollingLocal ours = projected(mu, mu_r, x);
    const Rolling5 reference = testing::reference_rolling_projection(mu, mu_r, x);
    EXPECT_LE((ours - reference).norm(), 1e-9 * (1.0 + x.norm())) << "mu " << mu << " mu_r " << mu_r;
    EXPECT_TRUE(in_rolling_cone(mu, mu_r, ours, 1e-14));
  }
}

RollingFrictionProblem one_contact(const Rolling5& q, double mu, double mu_r) {
  return RollingFrictionProblem(LcpProblem(DenseMatrix(DenseMatrix::Identity(5, 5)), Vector(q)),
                                Vector::Constant(1, mu), Vector::Constant(1, mu_r));
}

FrictionSolverOptions tight() {
  FrictionSolverOptions options;
  options.tolerance = 1e-12;
  return options;
}

TEST(RollingSolvers, TheRollingBoundBinds) {
  // W = I, q = (-1, 0, 0, 0.3, 0), mu = 0.5, mu_r = 0.1: the contact is closed (r_n = 1), does not
  // slide (u_t = 0, r_t = 0) but rolls: sticking would need ||r_r|| = 0.3 > mu_r r_n = 0.1, so
  // r_r = -mu_r r_n u_r / ||u_r|| = (-0.1, 0) and u_r = r_r + q_r = (0.2, 0).
  const RollingFrictionProblem problem = one_contact(Rolling5(-1.0, 0.0, 0.0, 0.3, 0.0), 0.5, 0.1);
  const Rolling5 expected_r(1.0, 0.0, 0.0, -0.1, 0.0);
  const Rolling5 expected_u(0.0, 0.0, 0.0, 0.2, 0.0);
  EXPECT_EQ(siconos_rolling_error(problem, Vector(expected_r)), 0.0);
  for (const std::string& solver : rolling_friction_solver_names()) {
    const FrictionSolverResult result = solve_rolling_friction(solver, problem, tight());
    EXPECT_EQ(result.status, Status::converged) << solver;
    EXPECT_LE((result.r - expected_r).norm(), 1e-10) << solver << ": " << result.r.transpose();
    EXPECT_LE((result.u - expected_u).norm(), 1e-10) << solver;
  }
}

TEST(RollingSolvers, SlidingAndRollingTogether) {
  // q = (-1, 2, 0, 0, 0.3): r = (1, -0.5, 0, 0, -0.1), u = (0, 1.5, 0, 0, 0.2).
  const RollingFrictionProblem problem = one_contact(Rolling5(-1.0, 2.0, 0.0, 0.0, 0.3), 0.5, 0.1);
  const Rolling5 expected_r(1.0, -0.5, 0.0, 0.0, -0.1);
  for (const std::string& solver : rolling_friction_solver_names()) {
    const FrictionSolverResult result = solve_rolling_friction(solver, problem, tight());
    EXPECT_EQ(result.status, Status::converged) << solver;
    EXPECT_LE((result.r - expected_r).norm(), 1e-10) << solver << ": " << result.r.transpose();
  }
}

TEST(RollingSolvers, SeparationAndStickingAreExact) {
  const RollingFrictionProblem apart = one_contact(Rolling5(0.5, 2.0, 0.0, 1.0, 0.0), 0.5, 0.1);
  const RollingFrictionProblem stuck = one_contact(Rolling5(-1.0, 0.1, 0.0, 0.0, -0.05), 0.5, 0.1);
  for (const std::string& solver : rolling_friction_solver_names()) {
    const FrictionSolverResult separated = solve_rolling_friction(solver, apart, tight());
    EXPECT_EQ(separated.status, Status::converged) << solver;
    EXPECT_LE(separated.r.norm(), 1e-14) << solver;
    const FrictionSolverResult sticking = solve_rolling_friction(solver, stuck, tight());
    EXPECT_EQ(sticking.status, Status::converged) << solver;
    EXPECT_LE((sticking.r - Vector(Rolling5(1.0, -0.1, 0.0, 0.0, 0.05))).norm(), 1e-12) << solver;
  }
}

TEST(RollingSolvers, FC3DOnlySolversAndBadOptionsAreRefused) {
  const RollingFrictionProblem problem = one_contact(Rolling5(-1.0, 0.0, 0.0, 0.3, 0.0), 0.5, 0.1);
  for (const char* name : {"ccp", "ccp_bbpgd", "coulomb", "lemke"}) {
    EXPECT_FALSE(is_rolling_friction_solver_name(name));
    EXPECT_THROW(solve_rolling_friction(name, problem, {}), std::invalid_argument) << name;
  }
  FrictionSolverOptions options;
  options.tolerance = 0.0;
  EXPECT_THROW(solve_rolling_friction("nsgs", problem, options), std::invalid_argument);
  options = {};
  options.warm_start = Vector::Zero(3);
  EXPECT_THROW(solve_rolling_friction("newton_ac", problem, options), std::invalid_argument);
  EXPECT_THROW(RollingFrictionProblem(LcpProblem(DenseMatrix(DenseMatrix::Identity(5, 5)), Vector::Zero(5)),
                                      Vector::Constant(1, 0.5), Vector::Constant(1, -0.1)),
               std::invalid_argument);
}

class SiconosRollingFile : public ::testing::TestWithParam<const char*> {};

TEST_P(SiconosRollingFile, EverySolverReaches1e8) {
  const RollingFrictionProblem problem = read_siconos_rolling_friction_dat(kData / GetParam());
  const DenseMatrix& W = problem.local().dense();
  FrictionSolverOptions options;
  options.tolerance = 1e-8;
  for (const std::string& solver : rolling_friction_solver_names()) {
    const FrictionSolverResult result = solve_rolling_friction(solver, problem, options);
    EXPECT_EQ(result.status, Status::converged) << solver << " error " << result.error;
    EXPECT_LE(result.error, 1e-8) << solver;
    const double reference = testing::reference_rolling_error(W, problem.q(), problem.mu(), problem.mu_r(), result.r);
    EXPECT_NEAR(reference, result.error, 1e-12) << solver;
    Vector inside = result.r;
    problem.project_onto_cones(inside);
    EXPECT_LE((inside - result.r).norm(), 1e-12 * (1.0 + result.r.norm())) << solver;
    // A warm start at the answer needs no iteration.
    FrictionSolverOptions warm = options;
    warm.warm_start = result.r;
    const FrictionSolverResult again = solve_rolling_friction(solver, problem, warm);
    EXPECT_EQ(again.status, Status::converged) << solver;
    EXPECT_LE(again.iterations, solver == "nsgs" ? 1 : 0) << solver;
  }
}

INSTANTIATE_TEST_SUITE_P(Siconos, SiconosRollingFile,
                         ::testing::Values("RFC3D_sphere_1.dat", "RFC3D_sphere_2.dat", "RFC3D_cube_1.dat",
                                           "rfc3d_sphere_from_grfc3d_dense.dat", "rockfall_14_25792.dat"),
                         [](const auto& test) {
                           std::string name = test.param;
                           for (char& c : name) {
                             if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
                           }
                           return name;
                         });

TEST(RollingSolvers, SparseStorageGivesTheDenseAnswer) {
  const RollingFrictionProblem dense = read_siconos_rolling_friction_dat(kData / "rockfall_14_25792.dat");
  const RollingFrictionProblem sparse(LcpProblem(SparseMatrix(dense.local().dense().sparseView()), dense.q()),
                                      dense.mu(), dense.mu_r());
  ASSERT_TRUE(sparse.local().is_sparse());
  FrictionSolverOptions options;
  options.tolerance = 1e-8;
  for (const std::string& solver : rolling_friction_solver_names()) {
    const FrictionSolverResult from_dense = solve_rolling_friction(solver, dense, options);
    const FrictionSolverResult from_sparse = solve_rolling_friction(solver, sparse, options);
    EXPECT_EQ(from_sparse.status, Status::converged) << solver;
    EXPECT_EQ(from_sparse.iterations, from_dense.iterations) << solver;
    EXPECT_LE((from_sparse.r - from_dense.r).norm(), 1e-8 * from_dense.r.norm()) << solver;
  }
}

TEST(RollingSolvers, AnIterationCapIsNeverReportedConverged) {
  const RollingFrictionProblem problem = read_siconos_rolling_friction_dat(kData / "rockfall_14_25792.dat");
  FrictionSolverOptions options;
  options.tolerance = 1e-10;
  options.max_iterations = 2;
  for (const std::string& solver : rolling_friction_solver_names()) {
    const FrictionSolverResult result = solve_rolling_friction(solver, problem, options);
    EXPECT_EQ(result.status, Status::max_iterations) << solver << " error " << result.error;
    EXPECT_EQ(result.iterations, 2) << solver;
  }
}

}  // namespace
}  // namespace relcp::lcp
