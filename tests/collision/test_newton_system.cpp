// NewtonSystem, the Newton matrices of alm and ip with as few factorizations as serve: an
// unchanged matrix keeps its factorization, a changed one is solved by conjugate gradients on the
// stale factorization while they converge within the allowed iterations, and refactorized
// otherwise, or updated by rank-k updates and downdates when few rows changed; every answer
// against a dense solve. Then alm and ip with reuse and updates against Lemke.
#include <gtest/gtest.h>

#include <Eigen/Dense>
#include <omp.h>
#include <random>

#include "collision/body_space/augmented_lagrangian.hpp"
#include "collision/body_space/interior_point.hpp"
#include "collision/body_space/newton_system.hpp"
#include "collision/body_space/serial_body_space.hpp"
#include "lcp/pivoting/lemke.hpp"
#include "lcp/problem.hpp"
#include "support/body_space_problems.hpp"

namespace relcp::collision {
namespace {

using testing::dense_A;
using testing::natural_residual;
using testing::random_c;
using testing::random_lcp;

// ||H x - rhs|| / (||H|| ||x||), the backward error: H's condition (about 1e6 here) limits the
// forward error of any solve, direct or not.
double backward_error(const BodySpaceLcp& lcp, const Eigen::VectorXd& weights, const Eigen::VectorXd& diagonal,
                      const Eigen::VectorXd& rhs, const Eigen::VectorXd& x) {
  const Eigen::MatrixXd R = Eigen::MatrixXd(lcp.jacobian);
  const Eigen::MatrixXd H = Eigen::MatrixXd(diagonal.asDiagonal()) + R.transpose() * weights.asDiagonal() * R;
  return (H * x - rhs).norm() / (H.norm() * x.norm());
}

struct Fixture {
  BodySpaceLcp lcp = random_lcp(20, 30, 3);
  SerialBodySpace space{lcp};
  Eigen::VectorXd diagonal = Eigen::VectorXd::Constant(lcp.jacobian.cols(), 1.0);
  Eigen::VectorXd weights = Eigen::VectorXd::Constant(lcp.jacobian.rows(), 1e6);
  Eigen::VectorXd rhs = random_c(lcp.jacobian.cols(), 7);
};

TEST(NewtonSystem, AnUnchangedMatrixKeepsItsFactorization) {
  Fixture f;
  NewtonSystem system(f.space, 0);
  Eigen::VectorXd x;
  ASSERT_TRUE(system.set_matrix(f.weights, f.diagonal));
  ASSERT_TRUE(system.set_matrix(f.weights, f.diagonal));
  ASSERT_TRUE(system.solve(f.rhs, x));
  EXPECT_EQ(system.factorizations(), 1);
  EXPECT_LT(backward_error(f.lcp, f.weights, f.diagonal, f.rhs, x), 1e-14);

  f.weights[4] = 0.0;  // without reuse, any change refactorizes
  ASSERT_TRUE(system.set_matrix(f.weights, f.diagonal));
  ASSERT_TRUE(system.solve(f.rhs, x));
  EXPECT_EQ(system.factorizations(), 2);
  EXPECT_EQ(system.reused_solves(), 0);
  EXPECT_LT(backward_error(f.lcp, f.weights, f.diagonal, f.rhs, x), 1e-14);
}

TEST(NewtonSystem, AFewChangedRowsAreSolvedOnTheStaleFactorization) {
  Fixture f;
  NewtonSystem system(f.space, 20);
  Eigen::VectorXd x;
  ASSERT_TRUE(system.set_matrix(f.weights, f.diagonal));
  // Three rows leave the active set: H changes by a rank-3 term of size 1e6.
  f.weights[2] = f.weights[11] = f.weights[25] = 0.0;
  ASSERT_TRUE(system.set_matrix(f.weights, f.diagonal));
  ASSERT_TRUE(system.solve(f.rhs, x));
  EXPECT_EQ(system.factorizations(), 1);
  EXPECT_EQ(system.reused_solves(), 1);
  EXPECT_LE(system.krylov_iterations(), 6);  // about one per changed row
  EXPECT_LT(backward_error(f.lcp, f.weights, f.diagonal, f.rhs, x), 1e-14);
}

TEST(NewtonSystem, AMatrixWithMoreChangedRowsThanIterationsIsRefactorized) {
  Fixture f;
  NewtonSystem system(f.space, 2);
  Eigen::VectorXd x;
  ASSERT_TRUE(system.set_matrix(f.weights, f.diagonal));
  for (Eigen::Index r = 0; r < f.weights.size(); r += 2) f.weights[r] = 0.0;  // 15 rows leave
  ASSERT_TRUE(system.set_matrix(f.weights, f.diagonal));
  ASSERT_TRUE(system.solve(f.rhs, x));
  EXPECT_EQ(system.factorizations(), 2);
  EXPECT_EQ(system.reused_solves(), 0);
  EXPECT_LT(backward_error(f.lcp, f.weights, f.diagonal, f.rhs, x), 1e-14);
  // The refactorized matrix is current again: a second solve needs no iterations.
  const int iterations = system.krylov_iterations();
  ASSERT_TRUE(system.solve(f.rhs, x));
  EXPECT_EQ(system.krylov_iterations(), iterations);
}

TEST(NewtonSystem, ConjugateGradientsThatDoNotConvergeInTimeEndInARefactorization) {
  Fixture f;
  NewtonSystem system(f.space, 2);
  Eigen::VectorXd x;
  ASSERT_TRUE(system.set_matrix(f.weights, f.diagonal));
  f.weights[3] = 0.0;  // one changed row: tried on the stale factorization, 2 iterations at most
  ASSERT_TRUE(system.set_matrix(f.weights, f.diagonal));
  EXPECT_EQ(system.factorizations(), 1);
  ASSERT_TRUE(system.solve(f.rhs, x));
  // A rank-one change needs two iterations in exact arithmetic; with a weight of 1e6 rounding
  // keeps the second above the tolerance, so H is refactorized.
  EXPECT_EQ(system.krylov_iterations(), 2);
  EXPECT_EQ(system.reused_solves(), 0);
  EXPECT_EQ(system.factorizations(), 2);
  EXPECT_LT(backward_error(f.lcp, f.weights, f.diagonal, f.rhs, x), 1e-14);
}

TEST(NewtonSystem, ChangedRowsUpdateTheFactorization) {
  Fixture f;
  f.weights.head(5).setZero();
  NewtonSystem system(f.space, NewtonReuse(0, 0.5));
  Eigen::VectorXd x;
  ASSERT_TRUE(system.set_matrix(f.weights, f.diagonal));
  // Three rows join and three leave: a rank-3 update and a rank-3 downdate of size 1e6.
  f.weights.head(3).setConstant(1e6);
  f.weights[12] = f.weights[20] = f.weights[27] = 0.0;
  ASSERT_TRUE(system.set_matrix(f.weights, f.diagonal));
  ASSERT_TRUE(system.solve(f.rhs, x));
  EXPECT_EQ(system.factorizations(), 1);
  EXPECT_EQ(system.updates(), 1);
  EXPECT_LT(backward_error(f.lcp, f.weights, f.diagonal, f.rhs, x), 1e-14);
  // The same matrix again: no new update, no factorization.
  ASSERT_TRUE(system.set_matrix(f.weights, f.diagonal));
  ASSERT_TRUE(system.solve(f.rhs, x));
  EXPECT_EQ(system.factorizations(), 1);
  EXPECT_EQ(system.updates(), 1);
  EXPECT_LT(backward_error(f.lcp, f.weights, f.diagonal, f.rhs, x), 1e-14);
}

// Factorizes f's matrix with rows 0-4 left out and weight `w` elsewhere, then lets rows 0-2 join
// and row 12 leave: one update. f.weights ends as the updated matrix's.
void factorize_then_update(Fixture& f, NewtonSystem& system, double w) {
  f.weights.setConstant(w);
  f.weights.head(5).setZero();
  ASSERT_TRUE(system.set_matrix(f.weights, f.diagonal));
  f.weights.head(3).setConstant(w);
  f.weights[12] = 0.0;
  ASSERT_TRUE(system.set_matrix(f.weights, f.diagonal));
  ASSERT_EQ(system.updates(), 1);
}

TEST(NewtonSystem, AnIterateWithinTheResidualBoundNeedsNoSecondTriangularSolve) {
  // Weights 1 on a unit diagonal: H's smallest eigenvalue is near the diagonal's, so the first
  // conjugate-gradient iterate on the updated factor meets ||r||^2 <= target * min(diagonal),
  // which bounds its error in H's inverse norm without applying the factorization to r.
  Fixture f;
  NewtonSystem system(f.space, NewtonReuse(0, 0.5));
  factorize_then_update(f, system, 1.0);
  Eigen::VectorXd x;
  ASSERT_TRUE(system.solve(f.rhs, x));
  EXPECT_EQ(system.krylov_iterations(), 1);
  EXPECT_EQ(system.factorization_solves(), 1);
  EXPECT_LT(backward_error(f.lcp, f.weights, f.diagonal, f.rhs, x), 1e-14);
  // Stiff rows (1e6) on the same diagonal: the bound is 1e6 times looser than H's inverse norm,
  // the residual is measured in that norm, with a second solve.
  NewtonSystem stiff(f.space, NewtonReuse(0, 0.5));
  factorize_then_update(f, stiff, 1e6);
  ASSERT_TRUE(stiff.solve(f.rhs, x));
  EXPECT_EQ(stiff.factorization_solves(), 2);
  EXPECT_LT(backward_error(f.lcp, f.weights, f.diagonal, f.rhs, x), 1e-14);
  // A fresh factorization's solve is refined: two.
  NewtonSystem fresh(f.space, NewtonReuse(0, 0.5));
  ASSERT_TRUE(fresh.set_matrix(f.weights, f.diagonal));
  ASSERT_TRUE(fresh.solve(f.rhs, x));
  EXPECT_EQ(fresh.factorization_solves(), 2);
}

TEST(NewtonSystem, UpdatesStayAccurateOverManyChanges) {
  // 300 bodies, 450 rows: a supernodal factorization, which the first update makes simplicial.
  const BodySpaceLcp lcp = random_lcp(300, 450, 9);
  const SerialBodySpace space(lcp);
  const Eigen::VectorXd diagonal = Eigen::VectorXd::Constant(lcp.jacobian.cols(), 1.0);
  Eigen::VectorXd weights = Eigen::VectorXd::Constant(lcp.jacobian.rows(), 1e6);
  const Eigen::VectorXd rhs = random_c(lcp.jacobian.cols(), 8);
  NewtonSystem system(space, NewtonReuse(0, 0.05));
  ASSERT_TRUE(system.set_matrix(weights, diagonal));
  std::mt19937 random(4);
  std::uniform_int_distribution<Eigen::Index> row(0, weights.size() - 1);
  Eigen::VectorXd x;
  for (int round = 0; round < 30; ++round) {
    for (int k = 0; k < 15; ++k) {  // 15 rows of 450 toggled: within 5 %
      const Eigen::Index r = row(random);
      weights[r] = weights[r] == 0.0 ? 1e6 : 0.0;
    }
    ASSERT_TRUE(system.set_matrix(weights, diagonal));
    ASSERT_TRUE(system.solve(rhs, x));
    EXPECT_LT(backward_error(lcp, weights, diagonal, rhs, x), 1e-14) << "round " << round;
  }
  EXPECT_EQ(system.updates() + system.factorizations(), 31);
  EXPECT_LE(system.factorizations(), 2);  // the downdates' rounding has not spoilt the factor
}

TEST(NewtonSystem, MoreChangedRowsThanTheUpdateFractionRefactorize) {
  Fixture f;
  NewtonSystem system(f.space, NewtonReuse(0, 0.1));
  Eigen::VectorXd x;
  ASSERT_TRUE(system.set_matrix(f.weights, f.diagonal));
  f.weights.head(4).setZero();  // 4 of 30 rows: more than 10 %
  ASSERT_TRUE(system.set_matrix(f.weights, f.diagonal));
  ASSERT_TRUE(system.solve(f.rhs, x));
  EXPECT_EQ(system.factorizations(), 2);
  EXPECT_EQ(system.updates(), 0);
  f.weights[10] = 0.0;  // 1 of 30: updated
  ASSERT_TRUE(system.set_matrix(f.weights, f.diagonal));
  ASSERT_TRUE(system.solve(f.rhs, x));
  EXPECT_EQ(system.factorizations(), 2);
  EXPECT_EQ(system.updates(), 1);
  EXPECT_LT(backward_error(f.lcp, f.weights, f.diagonal, f.rhs, x), 1e-14);
}

TEST(NewtonSystem, ADiagonalChangeIsNeverAnUpdate) {
  Fixture f;
  NewtonSystem system(f.space, NewtonReuse(0, 1.0));
  ASSERT_TRUE(system.set_matrix(f.weights, f.diagonal));
  f.diagonal[0] = 2.0;
  f.weights[0] = 0.0;
  ASSERT_TRUE(system.set_matrix(f.weights, f.diagonal));
  EXPECT_EQ(system.factorizations(), 2);
  EXPECT_EQ(system.updates(), 0);
}

// Two OpenMP threads (fewer than CHOLMOD's team): the factorization runs single-threaded. It
// used to deadlock in OpenBLAS, whose team waited for a thread the inactive region never started.
TEST(NewtonSystem, FactorizesWithTwoOpenMpThreads) {
  const int threads = omp_get_max_threads();
  omp_set_num_threads(2);
  // 4000 random rows on 400 bodies: nearly dense, so the supernodes are large enough for
  // OpenBLAS to split its kernels into a team.
  const BodySpaceLcp lcp = random_lcp(400, 4000, 9);
  const SerialBodySpace space(lcp);
  const Eigen::VectorXd diagonal = Eigen::VectorXd::Constant(lcp.jacobian.cols(), 1.0);
  const Eigen::VectorXd weights = Eigen::VectorXd::Constant(lcp.jacobian.rows(), 1e3);
  const Eigen::VectorXd rhs = random_c(lcp.jacobian.cols(), 8);
  NewtonSystem system(space, 0);
  Eigen::VectorXd x;
  ASSERT_TRUE(system.set_matrix(weights, diagonal));
  ASSERT_TRUE(system.solve(rhs, x));
  const Eigen::VectorXd residual =
      diagonal.cwiseProduct(x) + lcp.jacobian.transpose() * weights.cwiseProduct(lcp.jacobian * x) - rhs;
  EXPECT_LT(residual.norm(), 1e-10 * rhs.norm());
  EXPECT_EQ(omp_get_max_threads(), 2);  // restored
  omp_set_num_threads(threads);
}

TEST(NewtonSystem, RefusesNegativeReuseAndUpdateFractionsOutsideZeroOne) {
  Fixture f;
  EXPECT_THROW(NewtonSystem(f.space, -1), std::invalid_argument);
  EXPECT_THROW(NewtonSystem(f.space, NewtonReuse(0, -0.1)), std::invalid_argument);
  EXPECT_THROW(NewtonSystem(f.space, NewtonReuse(0, 1.5)), std::invalid_argument);
}

template <class Method>
void expect_lemke_solution(Method& method, const BodySpaceLcp& lcp, const Eigen::VectorXd& c) {
  for (int k = 0; k < 200 && natural_residual(lcp, c, method.multipliers()) > 1e-9; ++k) {
    ASSERT_EQ(method.step(), BodySpaceStep::stepped);
  }
  const lcp::SolverResult lemke = lcp::LemkeSolver().solve(lcp::LcpProblem(dense_A(lcp), c), lcp::SolverOptions{});
  ASSERT_EQ(lemke.status, lcp::Status::converged);
  EXPECT_LT((method.multipliers() - lemke.z).template lpNorm<Eigen::Infinity>(), 1e-7);
}

// The rows of `lcp` listed in `rows`, in that order: an earlier LCP of which `lcp` is the
// extension (ReLCP appends rows rank by rank, so the old rows need not come first).
BodySpaceLcp rows_of(const BodySpaceLcp& lcp, const std::vector<Eigen::Index>& rows) {
  BodySpaceLcp out = lcp;
  std::vector<Eigen::Triplet<double>> entries;
  for (std::size_t k = 0; k < rows.size(); ++k) {
    for (Eigen::SparseMatrix<double, Eigen::RowMajor>::InnerIterator it(lcp.jacobian, rows[k]); it; ++it) {
      entries.emplace_back(static_cast<Eigen::Index>(k), it.col(), it.value());
    }
  }
  out.jacobian.resize(static_cast<Eigen::Index>(rows.size()), lcp.jacobian.cols());
  out.jacobian.setFromTriplets(entries.begin(), entries.end());
  return out;
}

// Rows 12-14 and 27-29 of a 30-row LCP are new: the earlier LCP had the other 24, as two ranks'
// blocks would be after each rank appended three.
std::vector<Eigen::Index> earlier_rows() {
  std::vector<Eigen::Index> rows;
  for (Eigen::Index r = 0; r < 30; ++r) {
    if ((r < 12 || r > 14) && r < 27) rows.push_back(r);
  }
  return rows;
}

TEST(NewtonSystem, AnAdoptedFactorizationIsUpdatedForTheNewRowsInsteadOfRefactorized) {
  Fixture f;
  const std::vector<Eigen::Index> new_row = earlier_rows();
  const BodySpaceLcp earlier = rows_of(f.lcp, new_row);
  const SerialBodySpace earlier_space(earlier);
  NewtonSystem previous(earlier_space, NewtonReuse(0, 0.5));
  Eigen::VectorXd earlier_weights = Eigen::VectorXd::Constant(24, 1e6);
  earlier_weights.head(4).setZero();
  ASSERT_TRUE(previous.set_matrix(earlier_weights, f.diagonal));

  previous.keep_only_the_factor();  // as a finished solve is kept
  NewtonSystem system(f.space, NewtonReuse(0, 0.2));
  ASSERT_TRUE(system.adopt(previous, new_row));
  // The earlier rows keep their weights, two new rows join, one earlier row leaves.
  f.weights.setZero();
  for (std::size_t k = 0; k < new_row.size(); ++k)
    f.weights[new_row[k]] = earlier_weights[static_cast<Eigen::Index>(k)];
  f.weights[13] = f.weights[28] = 1e6;
  f.weights[new_row[10]] = 0.0;
  ASSERT_TRUE(system.set_matrix(f.weights, f.diagonal));
  Eigen::VectorXd x;
  ASSERT_TRUE(system.solve(f.rhs, x));
  EXPECT_EQ(system.factorizations(), 0);
  EXPECT_EQ(system.updates(), 1);
  EXPECT_LT(backward_error(f.lcp, f.weights, f.diagonal, f.rhs, x), 1e-14);
  // Nine changed rows, more than a fifth: a factorization of this LCP's own pattern.
  f.weights.setConstant(1e6);
  ASSERT_TRUE(system.set_matrix(f.weights, f.diagonal));
  ASSERT_TRUE(system.solve(f.rhs, x));
  EXPECT_EQ(system.factorizations(), 1);
  EXPECT_LT(backward_error(f.lcp, f.weights, f.diagonal, f.rhs, x), 1e-14);
  // The factorization went with the adoption: nothing is left to adopt twice.
  NewtonSystem again(f.space, NewtonReuse(0, 0.5));
  EXPECT_FALSE(again.adopt(previous, new_row));
}

TEST(NewtonSystem, OnlyAFactorizationOfTheSameDirectionsAndRowsIsAdopted) {
  Fixture f;
  NewtonSystem never_factorized(f.space, NewtonReuse(0, 0.5));
  NewtonSystem system(f.space, NewtonReuse(0, 0.5));
  std::vector<Eigen::Index> identity(30);
  for (Eigen::Index r = 0; r < 30; ++r) identity[static_cast<std::size_t>(r)] = r;
  EXPECT_FALSE(system.adopt(never_factorized, identity));

  const BodySpaceLcp other = random_lcp(25, 30, 3);  // 75 directions, not 60
  const SerialBodySpace other_space(other);
  NewtonSystem previous(other_space, NewtonReuse(0, 0.5));
  ASSERT_TRUE(previous.set_matrix(f.weights, Eigen::VectorXd::Ones(other.jacobian.cols())));
  EXPECT_FALSE(system.adopt(previous, identity));
  // Refused without harm: the system factorizes on its own.
  ASSERT_TRUE(system.set_matrix(f.weights, f.diagonal));
  EXPECT_EQ(system.factorizations(), 1);
}

TEST(NewtonSystem, AlmContinuesFromTheSolveOfAnEarlierLcpToTheSameSolution) {
  for (std::uint64_t seed = 1; seed <= 4; ++seed) {
    const BodySpaceLcp lcp = random_lcp(20, 30, seed);
    const Eigen::VectorXd c = random_c(30, seed + 10);
    const std::vector<Eigen::Index> new_row = earlier_rows();
    const BodySpaceLcp earlier = rows_of(lcp, new_row);
    Eigen::VectorXd earlier_c(24);
    for (std::size_t k = 0; k < new_row.size(); ++k) earlier_c[static_cast<Eigen::Index>(k)] = c[new_row[k]];
    BodySpaceAugmentedLagrangian previous(earlier, earlier_c, Eigen::VectorXd::Zero(24), 1e6, NewtonReuse(0, 0.5));
    expect_lemke_solution(previous, earlier, earlier_c);

    // ReLCP's warm start: the earlier solution, the new rows at zero.
    Eigen::VectorXd start = Eigen::VectorXd::Zero(30);
    for (std::size_t k = 0; k < new_row.size(); ++k)
      start[new_row[k]] = previous.multipliers()[static_cast<Eigen::Index>(k)];
    BodySpaceAugmentedLagrangian continued(lcp, c, start, 1e6, NewtonReuse(0, 0.5));
    ASSERT_TRUE(continued.continue_from(previous, new_row)) << "seed " << seed;
    expect_lemke_solution(continued, lcp, c);
    EXPECT_EQ(continued.penalty(), previous.penalty());  // kept, never raised
    BodySpaceAugmentedLagrangian fresh(lcp, c, start, 1e6, NewtonReuse(0, 0.5));
    expect_lemke_solution(fresh, lcp, c);
  }
}

TEST(NewtonSystem, AlmDoesNotContinueFromASolveThatRaisedItsPenalty) {
  const BodySpaceLcp lcp = random_lcp(20, 30, 2);
  const Eigen::VectorXd c = random_c(30, 12);
  // A penalty far below lambda_max contracts slowly, so the solve raises it.
  BodySpaceAugmentedLagrangian previous(lcp, c, Eigen::VectorXd::Zero(30), 1e-3, NewtonReuse(0, 0.5));
  expect_lemke_solution(previous, lcp, c);
  ASSERT_GT(previous.penalty(), 1e-3);
  std::vector<Eigen::Index> identity(30);
  for (Eigen::Index r = 0; r < 30; ++r) identity[static_cast<std::size_t>(r)] = r;
  BodySpaceAugmentedLagrangian next(lcp, c, previous.multipliers(), 1e-3, NewtonReuse(0, 0.5));
  EXPECT_FALSE(next.continue_from(previous, identity));
  expect_lemke_solution(next, lcp, c);
}

TEST(NewtonSystem, AlmThatKeepsItsPenaltyCanBeContinuedFrom) {
  // ReLCP's first re-solve after a solve that alm cannot continue (ip's, or one that raised its
  // penalty) keeps its penalty, so that the re-solves after it continue from it.
  const BodySpaceLcp lcp = random_lcp(20, 30, 2);
  const Eigen::VectorXd c = random_c(30, 12);
  // Low enough that this LCP's outer iterations contract by less than 4x and raise it, high enough
  // to converge without the raise.
  const double penalty = 1e2;
  BodySpaceAugmentedLagrangian raising(lcp, c, Eigen::VectorXd::Zero(30), penalty, NewtonReuse(0, 0.5));
  expect_lemke_solution(raising, lcp, c);
  ASSERT_GT(raising.penalty(), penalty);  // without keep_penalty() this LCP raises it

  BodySpaceAugmentedLagrangian kept(lcp, c, Eigen::VectorXd::Zero(30), penalty, NewtonReuse(0, 0.5));
  kept.keep_penalty();
  expect_lemke_solution(kept, lcp, c);
  EXPECT_EQ(kept.penalty(), penalty);
  std::vector<Eigen::Index> identity(30);
  for (Eigen::Index r = 0; r < 30; ++r) identity[static_cast<std::size_t>(r)] = r;
  BodySpaceAugmentedLagrangian next(lcp, c, kept.multipliers(), penalty, NewtonReuse(0, 0.5));
  EXPECT_TRUE(next.continue_from(kept, identity));
  expect_lemke_solution(next, lcp, c);
  EXPECT_EQ(next.newton_system().factorizations(), 0);
}

TEST(NewtonSystem, AlmAndIpWithReuseAgreeWithLemke) {
  for (std::uint64_t seed = 1; seed <= 4; ++seed) {
    const BodySpaceLcp lcp = random_lcp(20, 30, seed);
    const Eigen::VectorXd c = random_c(30, seed + 10);
    BodySpaceAugmentedLagrangian alm(lcp, c, Eigen::VectorXd::Zero(30), 1e6, 10);
    expect_lemke_solution(alm, lcp, c);
    BodySpaceAugmentedLagrangian fresh(lcp, c, Eigen::VectorXd::Zero(30), 1e6, 0);
    expect_lemke_solution(fresh, lcp, c);
    EXPECT_LE(alm.newton_system().factorizations(), fresh.newton_system().factorizations()) << "seed " << seed;
    BodySpaceInteriorPoint ip(lcp, c, Eigen::VectorXd::Zero(30), 10);
    expect_lemke_solution(ip, lcp, c);
    // Updates on every change: the same answer, never more factorizations than fresh ones.
    BodySpaceAugmentedLagrangian updated(lcp, c, Eigen::VectorXd::Zero(30), 1e6, NewtonReuse(0, 1.0));
    expect_lemke_solution(updated, lcp, c);
    EXPECT_LE(updated.newton_system().factorizations(), fresh.newton_system().factorizations()) << "seed " << seed;
  }
}

}  // namespace
}  // namespace relcp::collision
