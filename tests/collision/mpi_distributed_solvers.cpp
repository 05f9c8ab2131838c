// The distributed solvers (auto, bbpgd, apgd, mprgp, minmap, alm and ip gathered and distributed) on 1-4 ranks against
// the serial LCP suite: random SPD problems A = s J M J^T from random sparse rows with a planted solution.
#include <gtest/gtest.h>
#include <mpi.h>

#include <cmath>
#include <cstdio>
#include <map>
#include <random>
#include <string>

#include "collision/assembly/contact_operator.hpp"
#include "collision/linalg/distributed_vector_ops.hpp"
#include "collision/solvers/distributed_auto_solver.hpp"
#include "collision/solvers/distributed_minmap_solver.hpp"
#include "collision/solvers/distributed_solver.hpp"
#include "collision/solvers/distributed_solver_registry.hpp"
#include "core/error.hpp"
#include "lcp/problem.hpp"
#include "lcp/projection/projected_gradient_solvers.hpp"
#include "support/random_contact_problem.hpp"

namespace relcp::collision {
namespace {

using testing::ProblemShape;
using testing::RandomContactProblem;

constexpr double kScale = 0.1;

// A distributed SPD LCP with a planted strictly complementary solution, and its serial twin.
class PlantedContactLcp {
 public:
  explicit PlantedContactLcp(const ProblemShape& shape)
      : problem_(MPI_COMM_WORLD, shape),
        matrix_(problem_.matrix(problem_.generations())),
        mobility_(problem_.mobility()),
        A_(matrix_, mobility_, kScale),
        serial_A_(problem_.serial_A(problem_.generations(), kScale)) {
    std::mt19937_64 rng(shape.seed + 100);
    std::uniform_real_distribution<double> magnitude(0.5, 1.5);
    std::bernoulli_distribution active(0.5);
    const Eigen::Index n = serial_A_.rows();
    solution_ = Eigen::VectorXd::Zero(n);
    Eigen::VectorXd w = Eigen::VectorXd::Zero(n);
    for (Eigen::Index i = 0; i < n; ++i) (active(rng) ? solution_[i] : w[i]) = magnitude(rng);
    serial_c_ = w - serial_A_ * solution_;
    c_ = testing::scatter_rows(matrix_, serial_c_, problem_);
  }

  DistributedLcp lcp() const { return {A_, c_}; }
  lcp::LcpProblem serial() const { return lcp::LcpProblem(serial_A_, serial_c_); }
  const Eigen::VectorXd& solution() const { return solution_; }
  Eigen::VectorXd gather(const DistributedVector& gamma) const { return testing::gather_rows(matrix_, gamma); }
  // D gamma = J^T gamma, every body, from the distributed product.
  Eigen::VectorXd forces(const DistributedVector& gamma) const {
    DistributedVector f(matrix_.body_layout());
    matrix_.multiply_transpose(gamma, f);
    return testing::gather_bodies(problem_, matrix_, f);
  }
  Eigen::VectorXd serial_forces(const Eigen::VectorXd& gamma) const {
    return problem_.serial_J(problem_.generations()).transpose() * gamma;
  }
  const DistributedConstraintMatrix& matrix() const { return matrix_; }
  DistributedVector diagonal() const {
    DistributedVector d(A_.layout());
    A_.diagonal(d);
    return d;
  }
  DistributedVector scatter(const Eigen::VectorXd& serial) const {
    return testing::scatter_rows(matrix_, serial, problem_);
  }

 private:
  RandomContactProblem problem_;
  DistributedConstraintMatrix matrix_;
  BlockDiagonalMobility mobility_;
  ContactOperator A_;
  testing::SparseMatrix serial_A_;
  Eigen::VectorXd solution_;
  Eigen::VectorXd serial_c_;
  DistributedVector c_;
};

ProblemShape spd_shape(std::uint64_t seed) {
  // 70 rows on 40 bodies (240 DOFs): J has full row rank, A = s J M J^T is positive definite.
  return ProblemShape{.bodies = 40, .rows_per_generation = {50, 20}, .seed = seed};
}

// The same value on every rank.
void expect_same_on_every_rank(double value) {
  double low = 0.0, high = 0.0;
  MPI_Allreduce(&value, &low, 1, MPI_DOUBLE, MPI_MIN, MPI_COMM_WORLD);
  MPI_Allreduce(&value, &high, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
  EXPECT_EQ(low, high);
}

// A cold solve, then one warm-started from the solution with every fifth entry off by 1e-6.
struct ColdAndWarm {
  DistributedSolverResult cold;
  DistributedSolverResult warm;
};
std::unique_ptr<DistributedLcpSolver> solver_for(const std::string& parameter);
ColdAndWarm solve_cold_then_near_the_solution(const PlantedContactLcp& lcp, DistributedSolverOptions options,
                                              const std::string& parameter) {
  const auto solver = solver_for(parameter);
  ColdAndWarm result{solver->solve(lcp.lcp(), options), {}};
  Eigen::VectorXd perturbed = lcp.solution();
  for (Eigen::Index i = 0; i < perturbed.size(); i += 5) perturbed[i] *= 1.0 + 1e-6;
  const DistributedVector start = lcp.scatter(perturbed);
  options.warm_start = &start;
  result.warm = solver->solve(lcp.lcp(), options);
  return result;
}

// The solvers under test: the registry's names, and alm and ip with a factorization forced
// ("alm" and "ip" themselves gather on these small problems).
std::string solver_name(const std::string& parameter) { return parameter.substr(0, parameter.find('_')); }
// The tolerance of the planted problems: 1e-10, or for alm and ip 1e-9, above their rounding
// floor. Their multipliers carry rho g(v) (alm) or a Newton system conditioned like the barrier
// (ip) to about 1e-16 rho |c|, and |c| is near 1e5 here: at 1e-10 alm stalled at 2-3e-10 in a few
// of ten runs on 4 ranks, where MUMPS' distributed assembly orders its sums differently from run
// to run.
double planted_tolerance(const std::string& parameter) {
  const std::string solver = solver_name(parameter);
  return solver == "alm" || solver == "ip" ? 1e-9 : 1e-10;
}
DistributedSolverOptions options_for(const std::string&) { return {}; }
std::unique_ptr<DistributedLcpSolver> solver_for(const std::string& parameter) {
  SolverParameterValues parameters;
  if (parameter.ends_with("_distributed")) parameters.set("alm_factorization", std::string("distributed"));
  if (parameter.ends_with("_gathered")) parameters.set("alm_factorization", std::string("gathered"));
  if (parameter.ends_with("_substructured")) parameters.set("alm_factorization", std::string("substructured"));
  return make_distributed_solver(solver_name(parameter), parameters);
}
// Every solver of the table, then alm and ip with a factorization forced.
std::vector<std::string> every_solver_case() {
  std::vector<std::string> cases = distributed_solver_names();
  for (const char* forced :
       {"ip_distributed", "alm_gathered", "alm_distributed", "alm_substructured", "ip_substructured"}) {
    cases.emplace_back(forced);
  }
  return cases;
}

class EverySolver : public ::testing::TestWithParam<std::string> {};

TEST_P(EverySolver, AgreesWithThePlantedSolutionAndTheSerialSuite) {
  const PlantedContactLcp lcp(spd_shape(21));
  DistributedSolverOptions options = options_for(GetParam());
  options.tolerance = planted_tolerance(GetParam());
  const DistributedSolverResult result = solver_for(GetParam())->solve(lcp.lcp(), options);
  ASSERT_EQ(result.status, lcp::Status::converged) << GetParam();
  EXPECT_LE(result.residual, options.tolerance);
  EXPECT_LE(result.natural_residual, options.tolerance);

  lcp::SolverOptions serial_options;
  serial_options.tolerance = 1e-10;
  const lcp::SolverResult serial = lcp::BbpgdSolver().solve(lcp.serial(), serial_options);
  ASSERT_EQ(serial.status, lcp::Status::converged);

  const Eigen::VectorXd gamma = lcp.gather(result.gamma);
  EXPECT_LT((gamma - lcp.solution()).lpNorm<Eigen::Infinity>(), 1e-7);
  EXPECT_LT((gamma - serial.z).lpNorm<Eigen::Infinity>(), 1e-7);
  // D gamma, the generalized constraint forces, agree too.
  const Eigen::VectorXd forces = lcp.forces(result.gamma);
  EXPECT_LT((forces - lcp.serial_forces(serial.z)).lpNorm<Eigen::Infinity>(),
            1e-7 * std::max(1.0, forces.lpNorm<Eigen::Infinity>()));

  expect_same_on_every_rank(result.residual);
  expect_same_on_every_rank(result.iterations);
  expect_same_on_every_rank(static_cast<double>(result.history.size()));
  if (!result.history.empty()) {
    EXPECT_EQ(result.history.back(), result.residual);
  }
  EXPECT_GT(result.operator_applications, result.iterations);
}

TEST_P(EverySolver, EveryResidualChoiceCertifiesTheNaturalResidual) {
  const PlantedContactLcp lcp(spd_shape(22));
  for (const DistributedResidual residual : {DistributedResidual::projected_gradient_inf,
                                             DistributedResidual::projected_gradient_2, DistributedResidual::mazhar}) {
    DistributedSolverOptions options = options_for(GetParam());
    options.tolerance = 1e-8;
    options.residual = residual;
    const DistributedSolverResult result = solver_for(GetParam())->solve(lcp.lcp(), options);
    ASSERT_EQ(result.status, lcp::Status::converged);
    EXPECT_LE(result.residual, options.tolerance);
    EXPECT_LE(result.natural_residual, options.tolerance);
    EXPECT_LT((lcp.gather(result.gamma) - lcp.solution()).lpNorm<Eigen::Infinity>(), 1e-5);
  }
}

TEST_P(EverySolver, WarmStartAtTheSolutionTakesNoIteration) {
  const PlantedContactLcp lcp(spd_shape(23));
  const DistributedVector start = lcp.scatter(lcp.solution());
  DistributedSolverOptions options = options_for(GetParam());
  options.tolerance = 1e-9;
  options.warm_start = &start;
  const DistributedSolverResult result = solver_for(GetParam())->solve(lcp.lcp(), options);
  EXPECT_EQ(result.status, lcp::Status::converged);
  EXPECT_EQ(result.iterations, 0);
  EXPECT_TRUE(result.history.empty());
}

TEST_P(EverySolver, WarmStartNearTheSolutionNeedsFewerIterations) {
  const PlantedContactLcp lcp(spd_shape(24));
  DistributedSolverOptions options = options_for(GetParam());
  options.tolerance = planted_tolerance(GetParam());
  const auto [cold, warm] = solve_cold_then_near_the_solution(lcp, options, GetParam());
  ASSERT_EQ(warm.status, lcp::Status::converged);
  if (solver_name(GetParam()) == "ip") {
    // An interior-point method first moves any start into the interior (docs/collision_alm.md),
    // so a warm start can at best save nothing.
    EXPECT_LE(warm.iterations, cold.iterations);
  } else {
    EXPECT_LT(warm.iterations, cold.iterations);
  }
}

TEST_P(EverySolver, ReportsTheIterationCap) {
  const PlantedContactLcp lcp(spd_shape(25));
  DistributedSolverOptions options = options_for(GetParam());
  options.tolerance = 1e-14;
  options.max_iterations = 2;
  const DistributedSolverResult result = solver_for(GetParam())->solve(lcp.lcp(), options);
  EXPECT_EQ(result.status, lcp::Status::max_iterations);
  EXPECT_EQ(result.iterations, 2);
  EXPECT_EQ(result.history.size(), 2u);
  EXPECT_GT(result.residual, options.tolerance);
}

// Rows d and -d for one pair: A = [a -a; -a a] with kernel (1, 1), and c = (-1, -1) has
// y^T c < 0 on it, so the LCP has no solution (Palmer et al. 2025, App. A, with the sign
// corrected in docs/collision.md, "Errata").
class LcpWithoutSolution {
 public:
  LcpWithoutSolution()
      : matrix_(pair_rows()),
        mobility_(BlockDiagonalMobility::isotropic(std::vector<double>(owned().size(), 1.0),
                                                   std::vector<double>(owned().size(), 1.0))),
        A_(matrix_, mobility_, 1.0),
        c_(A_.layout()) {
    fill(-1.0, c_);
  }
  DistributedLcp lcp() const { return {A_, c_}; }

 private:
  static std::vector<GlobalId> owned() {
    return testing::rank_of(MPI_COMM_WORLD) == 0 ? std::vector<GlobalId>{0, 1} : std::vector<GlobalId>{};
  }
  static DistributedConstraintMatrix pair_rows() {
    DistributedConstraintMatrix matrix(MPI_COMM_WORLD, owned());
    std::vector<ConstraintRecord> records;
    if (testing::rank_of(MPI_COMM_WORLD) == testing::size_of(MPI_COMM_WORLD) - 1) {
      ConstraintRecord up;
      up.body_a = 0;
      up.body_b = 1;
      up.row << -1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0;
      ConstraintRecord down = up;
      down.creation_index = 1;
      down.row = -up.row;
      records = {up, down};
    }
    matrix.append(records);
    return matrix;
  }

  DistributedConstraintMatrix matrix_;
  BlockDiagonalMobility mobility_;
  ContactOperator A_;
  DistributedVector c_;
};

TEST_P(EverySolver, NeverReportsConvergenceWithoutASolution) {
  const LcpWithoutSolution without;
  DistributedSolverOptions options = options_for(GetParam());
  options.max_iterations = 200;
  const DistributedSolverResult result = solver_for(GetParam())->solve(without.lcp(), options);
  EXPECT_NE(result.status, lcp::Status::converged);
  EXPECT_GT(result.natural_residual, options.tolerance);
}

TEST_P(EverySolver, SolvesRedundantConstraints) {
  // The same row twice (A singular, solutions not unique): gamma_1 + gamma_2 is determined.
  std::vector<GlobalId> owned;
  if (testing::rank_of(MPI_COMM_WORLD) == 0) owned = {0, 1};
  DistributedConstraintMatrix matrix(MPI_COMM_WORLD, owned);
  std::vector<ConstraintRecord> records;
  if (testing::rank_of(MPI_COMM_WORLD) == testing::size_of(MPI_COMM_WORLD) - 1) {
    ConstraintRecord first;
    first.body_a = 0;
    first.body_b = 1;
    first.row << -1, 0, 0, 0, 0, -0.5, 1, 0, 0, 0, 0, 0.5;
    ConstraintRecord second = first;
    second.creation_index = 1;
    records = {first, second};
  }
  matrix.append(records);
  const BlockDiagonalMobility mobility =
      BlockDiagonalMobility::isotropic(std::vector<double>(owned.size(), 1.0), std::vector<double>(owned.size(), 2.0));
  const ContactOperator A(matrix, mobility, 1.0);
  DistributedVector c(A.layout());
  fill(-1.0, c);
  DistributedSolverOptions options = options_for(GetParam());
  options.tolerance = 1e-10;
  const DistributedSolverResult result = solver_for(GetParam())->solve(DistributedLcp{A, c}, options);
  EXPECT_EQ(result.status, lcp::Status::converged);
  EXPECT_LE(result.natural_residual, 1e-10);
  // d^T M d = 1 + 1 + 2 (0.25 + 0.25) = 3, so gamma_1 + gamma_2 = 1/3.
  double sum = 0.0;
  for (std::size_t i = 0; i < result.gamma.local_size(); ++i) sum += result.gamma[i];
  double total = 0.0;
  MPI_Allreduce(&sum, &total, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  EXPECT_NEAR(total, 1.0 / 3.0, 1e-9);
}

INSTANTIATE_TEST_SUITE_P(Distributed, EverySolver, ::testing::ValuesIn(every_solver_case()));

// ---- Jacobi preconditioning (bbpgd, apgd) ---------------------------------------------------

class GradientSolver : public ::testing::TestWithParam<std::string> {};

DistributedSolverOptions jacobi_options(const DistributedVector& diagonal, double tolerance) {
  DistributedSolverOptions options;
  options.tolerance = tolerance;
  options.preconditioner = DistributedPreconditioner::jacobi;
  options.diagonal = &diagonal;
  return options;
}

TEST_P(GradientSolver, JacobiConvergesToTheSameSolutionInTheOriginalUnits) {
  const PlantedContactLcp lcp(spd_shape(31));
  const DistributedVector diagonal = lcp.diagonal();
  const auto solver = make_distributed_solver(GetParam());
  for (const DistributedResidual residual : {DistributedResidual::projected_gradient_inf,
                                             DistributedResidual::projected_gradient_2, DistributedResidual::mazhar}) {
    // Mazhar's merit (z - P(z - h g)) / h resolves residuals only down to about eps |z| / h (2e-10
    // here with h = 1e-6), so it is asked for what it can certify.
    const double tolerance = residual == DistributedResidual::mazhar ? 1e-8 : 1e-10;
    DistributedSolverOptions plain;
    plain.tolerance = tolerance;
    plain.residual = residual;
    DistributedSolverOptions options = jacobi_options(diagonal, tolerance);
    options.residual = residual;
    const DistributedSolverResult none = solver->solve(lcp.lcp(), plain);
    const DistributedSolverResult jacobi = solver->solve(lcp.lcp(), options);
    ASSERT_EQ(jacobi.status, lcp::Status::converged);
    ASSERT_EQ(none.status, lcp::Status::converged);
    EXPECT_LE(jacobi.residual, options.tolerance);
    EXPECT_LE(jacobi.natural_residual, options.tolerance);
    if (!jacobi.history.empty()) {
      EXPECT_EQ(jacobi.history.back(), jacobi.residual);
    }
    const Eigen::VectorXd gamma = lcp.gather(jacobi.gamma);
    EXPECT_LT((gamma - lcp.solution()).lpNorm<Eigen::Infinity>(), 1e3 * tolerance);
    EXPECT_LT((gamma - lcp.gather(none.gamma)).lpNorm<Eigen::Infinity>(), 1e3 * tolerance);
    expect_same_on_every_rank(jacobi.residual);
    expect_same_on_every_rank(jacobi.iterations);
    EXPECT_GT(jacobi.operator_applications, jacobi.iterations);
  }
}

TEST_P(GradientSolver, JacobiWarmStartAtTheSolutionTakesNoIteration) {
  const PlantedContactLcp lcp(spd_shape(32));
  const DistributedVector diagonal = lcp.diagonal();
  const DistributedVector start = lcp.scatter(lcp.solution());
  DistributedSolverOptions options = jacobi_options(diagonal, 1e-9);
  options.warm_start = &start;
  const DistributedSolverResult result = make_distributed_solver(GetParam())->solve(lcp.lcp(), options);
  EXPECT_EQ(result.status, lcp::Status::converged);
  EXPECT_EQ(result.iterations, 0);
  EXPECT_LT((lcp.gather(result.gamma) - lcp.solution()).lpNorm<Eigen::Infinity>(), 1e-12);
}

TEST_P(GradientSolver, JacobiWarmStartNearTheSolutionNeedsFewerIterations) {
  const PlantedContactLcp lcp(spd_shape(33));
  const DistributedVector diagonal = lcp.diagonal();
  const DistributedSolverOptions options = jacobi_options(diagonal, 1e-10);
  const auto [cold, warm] = solve_cold_then_near_the_solution(lcp, options, GetParam());
  ASSERT_EQ(warm.status, lcp::Status::converged);
  EXPECT_LE(warm.natural_residual, options.tolerance);
  EXPECT_LT(warm.iterations, cold.iterations);
  EXPECT_LT((lcp.gather(warm.gamma) - lcp.solution()).lpNorm<Eigen::Infinity>(), 1e-7);
}

// The planted LCP with every constraint row multiplied by a factor between 0.1 and 10:
// A's diagonal spans four decades, which diagonal scaling removes.
class BadlyScaledLcp {
 public:
  explicit BadlyScaledLcp(std::uint64_t seed)
      : problem_(MPI_COMM_WORLD, spd_shape(seed)),
        matrix_(MPI_COMM_WORLD, problem_.owned_ids()),
        mobility_(problem_.mobility()),
        A_(matrix_, mobility_, kScale) {
    std::mt19937_64 rng(seed + 200);
    std::uniform_real_distribution<double> decades(-1.0, 1.0);
    std::map<testing::RowKey, double> factor;
    for (const testing::GlobalRow& row : problem_.rows()) {
      factor[row.key] = std::pow(10.0, decades(rng));
    }
    for (int g = 0; g < problem_.generations(); ++g) {
      std::vector<ConstraintRecord> records = problem_.records(g);
      for (ConstraintRecord& r : records) {
        r.row *= factor.at(testing::RowKey{g, r.body_a, r.body_b, r.wall, r.creation_index});
      }
      matrix_.append(records);
    }
    std::uniform_real_distribution<double> magnitude(0.5, 1.5);
    std::bernoulli_distribution active(0.5);
    const auto n = static_cast<Eigen::Index>(problem_.rows().size());
    solution_ = Eigen::VectorXd::Zero(n);
    Eigen::VectorXd w = Eigen::VectorXd::Zero(n);
    for (Eigen::Index i = 0; i < n; ++i) (active(rng) ? solution_[i] : w[i]) = magnitude(rng);
    // c = w - A gamma*, through the distributed operator.
    const DistributedVector planted = testing::scatter_rows(matrix_, solution_, problem_);
    c_ = testing::scatter_rows(matrix_, w, problem_);
    DistributedVector a_planted(A_.layout());
    A_.apply(planted, a_planted);
    axpy(-1.0, a_planted, c_);
    diagonal_ = DistributedVector(A_.layout());
    A_.diagonal(diagonal_);
  }

  DistributedLcp lcp() const { return {A_, c_}; }
  const DistributedVector& diagonal() const { return diagonal_; }
  const Eigen::VectorXd& solution() const { return solution_; }
  Eigen::VectorXd gather(const DistributedVector& gamma) const { return testing::gather_rows(matrix_, gamma); }

 private:
  RandomContactProblem problem_;
  DistributedConstraintMatrix matrix_;
  BlockDiagonalMobility mobility_;
  ContactOperator A_;
  Eigen::VectorXd solution_;
  DistributedVector c_;
  DistributedVector diagonal_;
};

TEST_P(GradientSolver, JacobiNeedsFewerIterationsOnABadlyScaledDiagonal) {
  const BadlyScaledLcp lcp(34);
  DistributedSolverOptions plain;
  plain.tolerance = 1e-8;
  plain.max_iterations = 20000;
  DistributedSolverOptions options = jacobi_options(lcp.diagonal(), 1e-8);
  options.max_iterations = plain.max_iterations;
  const auto solver = make_distributed_solver(GetParam());
  const DistributedSolverResult none = solver->solve(lcp.lcp(), plain);
  const DistributedSolverResult jacobi = solver->solve(lcp.lcp(), options);
  ASSERT_EQ(jacobi.status, lcp::Status::converged);
  EXPECT_LE(jacobi.natural_residual, options.tolerance);
  EXPECT_LT((lcp.gather(jacobi.gamma) - lcp.solution()).lpNorm<Eigen::Infinity>(), 1e-6);
  EXPECT_LT(jacobi.iterations, none.iterations);
  if (testing::rank_of(MPI_COMM_WORLD) == 0) {
    std::printf("%s badly scaled: none %d iterations (%s), jacobi %d\n", GetParam().c_str(), none.iterations,
                std::string(lcp::to_string(none.status)).c_str(), jacobi.iterations);
  }
}

TEST_P(GradientSolver, JacobiWithoutADiagonalIsRefused) {
  const PlantedContactLcp lcp(spd_shape(35));
  DistributedSolverOptions options;
  options.preconditioner = DistributedPreconditioner::jacobi;
  EXPECT_THROW(make_distributed_solver(GetParam())->solve(lcp.lcp(), options), std::invalid_argument);
}

INSTANTIATE_TEST_SUITE_P(
    Distributed, GradientSolver,
    ::testing::ValuesIn(distributed_solver_names_with(&DistributedSolverCapabilities::jacobi_scaling)));

AutoThresholds thresholds(int hard_iterations, int max_alm_ranks = kAutoAlmRanks,
                          std::int64_t interior_point_rows = kAutoInteriorPointRows) {
  AutoThresholds chosen;
  chosen.hard_iterations = hard_iterations;
  chosen.max_alm_ranks = max_alm_ranks;
  chosen.interior_point_rows = interior_point_rows;
  return chosen;
}

// Rule 2 of solver: auto: after an apgd solve above the threshold, the next LCPs go to alm, which
// reaches the same solution; below it, apgd stays.
TEST(DistributedAutoSolver, MovesToAlmAfterAHardApgdSolve) {
  const PlantedContactLcp lcp(spd_shape(31));
  DistributedSolverOptions options;
  options.tolerance = 1e-9;
  const DistributedAutoSolver patient({}, thresholds(1000000));
  for (int solve = 0; solve < 2; ++solve) {
    EXPECT_EQ(patient.solve(lcp.lcp(), options).status, lcp::Status::converged);
    EXPECT_EQ(patient.last_choice(), "apgd");
  }
  const DistributedAutoSolver hasty({}, thresholds(5, 4));
  const DistributedSolverResult first = hasty.solve(lcp.lcp(), options);
  ASSERT_GT(first.iterations, 5);
  EXPECT_EQ(hasty.last_choice(), "apgd");
  const DistributedSolverResult second = hasty.solve(lcp.lcp(), options);
  EXPECT_EQ(hasty.last_choice(), "alm");
  EXPECT_EQ(second.status, lcp::Status::converged);
  EXPECT_LT(second.iterations, first.iterations);
  EXPECT_LT((lcp.gather(second.gamma) - lcp.solution()).lpNorm<Eigen::Infinity>(), 1e-6);
  expect_same_on_every_rank(second.residual);
  if (testing::size_of(MPI_COMM_WORLD) > 1) {  // the default keeps apgd on more than one rank
    const DistributedAutoSolver distributed({}, thresholds(5));
    distributed.solve(lcp.lcp(), options);
    distributed.solve(lcp.lcp(), options);
    EXPECT_EQ(distributed.last_choice(), "apgd");
  }
}

BodySpaceParameters without_updates() {
  BodySpaceParameters parameters;
  parameters.update_fraction = 0.0;
  return parameters;
}

// Large hard networks go to alm where its factorizations are updated (gathered, the default),
// to ip where they are not (updates off, or the distributed factorization), on any number of ranks.
TEST(DistributedAutoSolver, MovesLargeHardNetworksToAlmWithUpdatesElseToIp) {
  const PlantedContactLcp lcp(spd_shape(32));  // 70 rows
  DistributedSolverOptions options;
  options.tolerance = 1e-9;
  const DistributedAutoSolver below(without_updates(), thresholds(5, 4, 71));
  below.solve(lcp.lcp(), options);
  below.solve(lcp.lcp(), options);
  EXPECT_EQ(below.last_choice(), "alm");
  BodySpaceParameters distributed = without_updates();
  distributed.update_fraction = 0.02;
  distributed.factorization = AlmFactorization::distributed;
  for (const BodySpaceParameters& parameters : {without_updates(), distributed}) {
    const DistributedAutoSolver at(parameters, thresholds(5, 1, 70));  // alm would be ruled out beyond one rank
    const DistributedSolverResult first = at.solve(lcp.lcp(), options);
    EXPECT_EQ(at.last_choice(), "apgd");
    const DistributedSolverResult second = at.solve(lcp.lcp(), options);
    EXPECT_EQ(at.last_choice(), "ip");
    EXPECT_EQ(second.status, lcp::Status::converged);
    EXPECT_LT(second.iterations, first.iterations);
    EXPECT_LT((lcp.gather(second.gamma) - lcp.solution()).lpNorm<Eigen::Infinity>(), 1e-6);
    expect_same_on_every_rank(second.residual);
  }
  const DistributedAutoSolver updating({}, thresholds(5, 1, 70));
  updating.solve(lcp.lcp(), options);
  const DistributedSolverResult by_alm = updating.solve(lcp.lcp(), options);
  EXPECT_EQ(updating.last_choice(), "alm");
  EXPECT_EQ(by_alm.status, lcp::Status::converged);
  EXPECT_LT((lcp.gather(by_alm.gamma) - lcp.solution()).lpNorm<Eigen::Infinity>(), 1e-6);
  expect_same_on_every_rank(by_alm.factorizations);
}

// ReLCP's re-solves (a warm start that solves the LCP's earlier rows) go to alm whatever the size
// and the rank count; without updates the first solve of a step still goes to ip. The Newton
// solves count their factorizations; apgd has none.
TEST(DistributedAutoSolver, GivesReSolvesThatExtendASolutionToAlm) {
  const PlantedContactLcp lcp(spd_shape(32));  // 70 rows
  DistributedSolverOptions options;
  options.tolerance = 1e-9;
  const DistributedAutoSolver solver(without_updates(), thresholds(5, 1, 70));
  const DistributedSolverResult first = solver.solve(lcp.lcp(), options);
  EXPECT_EQ(first.factorizations, 0);
  const DistributedSolverResult by_ip = solver.solve(lcp.lcp(), options);
  EXPECT_EQ(solver.last_choice(), "ip");
  EXPECT_EQ(by_ip.factorizations, by_ip.iterations);
  options.warm_start = &by_ip.gamma;
  options.warm_start_extends_solution = true;
  const DistributedSolverResult resolve = solver.solve(lcp.lcp(), options);
  EXPECT_EQ(solver.last_choice(), "alm");
  EXPECT_EQ(resolve.status, lcp::Status::converged);
  EXPECT_LE(resolve.factorizations, resolve.iterations);
  EXPECT_LT((lcp.gather(resolve.gamma) - lcp.solution()).lpNorm<Eigen::Infinity>(), 1e-6);
  expect_same_on_every_rank(resolve.factorizations);
}

// The solve, by `method`, to the planted solution.
DistributedSolverResult expect_solved_by(const DistributedAutoSolver& solver, const PlantedContactLcp& lcp,
                                         const DistributedSolverOptions& options, std::string_view method) {
  DistributedSolverResult result = solver.solve(lcp.lcp(), options);
  EXPECT_EQ(solver.last_choice(), method);
  EXPECT_EQ(result.status, lcp::Status::converged);
  EXPECT_LT((lcp.gather(result.gamma) - lcp.solution()).lpNorm<Eigen::Infinity>(), 1e-6);
  return result;
}

// On large networks an LCP far from its warm start goes to ip even where alm would update its
// factorizations: the first solve of a step, and a re-solve after more appended rows than the
// threshold; a re-solve after fewer stays with alm. Below the size the rules are as before.
TEST(DistributedAutoSolver, GivesLargeLcpsFarFromTheirWarmStartToIp) {
  const PlantedContactLcp lcp(spd_shape(32));  // 70 rows
  DistributedSolverOptions options;
  options.tolerance = 1e-9;
  AutoThresholds far = thresholds(5, 1, 70);
  far.far_interior_point_rows = 70;
  far.far_appended_rows = 10;
  const DistributedAutoSolver solver({}, far);
  solver.solve(lcp.lcp(), options);
  const DistributedSolverResult first = expect_solved_by(solver, lcp, options, "ip");
  DistributedSolverOptions resolve = options;
  resolve.warm_start = &first.gamma;
  resolve.warm_start_extends_solution = true;
  resolve.appended_rows = 11;
  expect_solved_by(solver, lcp, resolve, "ip");
  resolve.appended_rows = 10;
  expect_solved_by(solver, lcp, resolve, "alm");
  far.far_interior_point_rows = 71;
  const DistributedAutoSolver smaller({}, far);
  smaller.solve(lcp.lcp(), options);
  expect_solved_by(smaller, lcp, options, "alm");
}

// On large networks a near re-solve whose alm stops at its cap goes to ip, from alm's last
// estimate, and reaches the planted solution; the iterations of both are counted.
TEST(DistributedAutoSolver, GivesALargeReSolveThatAlmLeavesAtItsCapToIp) {
  const PlantedContactLcp lcp(spd_shape(32));  // 70 rows
  DistributedSolverOptions options;
  options.tolerance = 1e-9;
  AutoThresholds far = thresholds(5, 1, 70);
  far.far_interior_point_rows = 70;
  const DistributedAutoSolver patient({}, far);
  far.large_resolve_alm_steps = 1;
  const DistributedAutoSolver capped({}, far);
  const DistributedVector start = lcp.scatter(Eigen::VectorXd::Zero(lcp.solution().size()));
  DistributedSolverOptions resolve = options;
  resolve.warm_start = &start;
  resolve.warm_start_extends_solution = true;
  for (const DistributedAutoSolver* solver : {&patient, &capped}) solver->solve(lcp.lcp(), options);
  const DistributedSolverResult by_alm = expect_solved_by(patient, lcp, resolve, "alm");
  ASSERT_GT(by_alm.iterations, 1);
  const DistributedSolverResult by_ip = expect_solved_by(capped, lcp, resolve, "ip");
  EXPECT_GT(by_ip.iterations, 1);
  expect_same_on_every_rank(by_ip.iterations);
}

// A far solve whose ip does not converge goes to alm, then to apgd, and still ends without
// success where there is none.
TEST(DistributedAutoSolver, FallsFromIpToAlmToApgdWithoutSuccessWhereThereIsNone) {
  const LcpWithoutSolution without;
  DistributedSolverOptions options;
  options.max_iterations = 200;
  AutoThresholds far = thresholds(0, 1, 2);
  far.far_interior_point_rows = 2;
  const DistributedAutoSolver solver({}, far);
  const DistributedSolverResult by_apgd = solver.solve(without.lcp(), options);
  EXPECT_EQ(solver.last_choice(), "apgd");
  const DistributedSolverResult chained = solver.solve(without.lcp(), options);
  EXPECT_EQ(solver.last_choice(), "apgd");
  EXPECT_NE(chained.status, lcp::Status::converged);
  EXPECT_GT(chained.natural_residual, options.tolerance);
  EXPECT_GT(chained.iterations, by_apgd.iterations);  // ip's and alm's iterations are counted too
  EXPECT_GT(chained.factorizations, 0);
}

TEST(DistributedMinMap, IgnoresThePreconditioner) {
  const PlantedContactLcp lcp(spd_shape(36));
  const DistributedVector diagonal = lcp.diagonal();
  const DistributedSolverOptions options = jacobi_options(diagonal, 1e-10);
  const DistributedSolverResult result = make_distributed_solver("minmap")->solve(lcp.lcp(), options);
  ASSERT_EQ(result.status, lcp::Status::converged);
  EXPECT_LT((lcp.gather(result.gamma) - lcp.solution()).lpNorm<Eigen::Infinity>(), 1e-7);
}

TEST(DistributedMinMap, GmresAgreesWithCg) {
  const PlantedContactLcp lcp(spd_shape(26));
  DistributedSolverOptions options;
  options.tolerance = 1e-10;
  const DistributedSolverResult result =
      DistributedMinMapSolver(MinMapParameters{.krylov = KrylovMethod::gmres}).solve(lcp.lcp(), options);
  ASSERT_EQ(result.status, lcp::Status::converged);
  EXPECT_GT(result.krylov_iterations, 0);
  EXPECT_LT((lcp.gather(result.gamma) - lcp.solution()).lpNorm<Eigen::Infinity>(), 1e-7);
}

TEST(DistributedSolverOptions, InvalidOptionsAreRefused) {
  const PlantedContactLcp lcp(spd_shape(27));
  const auto solver = make_distributed_solver("bbpgd");
  DistributedSolverOptions options;
  options.tolerance = 0.0;
  try {
    solver->solve(lcp.lcp(), options);
    ADD_FAILURE() << "a zero tolerance was accepted";
  } catch (const InputError& error) {
    EXPECT_EQ(error.key(), "tolerance");
  }
  options = {};
  options.max_iterations = -1;
  EXPECT_THROW(solver->solve(lcp.lcp(), options), InputError);
  options = {};
  const DistributedVector wrong(VectorLayout::contiguous(MPI_COMM_WORLD, 1));
  options.warm_start = &wrong;
  // Some rank's local size differs from 1: every rank throws.
  EXPECT_THROW(solver->solve(lcp.lcp(), options), std::invalid_argument);
}

}  // namespace
}  // namespace relcp::collision
