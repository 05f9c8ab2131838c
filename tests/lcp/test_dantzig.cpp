// Baraff/Dantzig incremental pivoting: the invariants of B4 after every outer iteration,
// agreement with Lemke, seeded tie-breaking, PSD and failure cases.

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <random>
#include <set>
#include <vector>

#include "lcp/pivoting/dantzig.hpp"
#include "lcp/pivoting/lemke.hpp"
#include "lcp/problems/erleben_generators.hpp"
#include "lcp/solver_factories.hpp"
#include "support/lcp_checks.hpp"

namespace relcp::lcp {
namespace {

using testing::IsLcpSolution;

SolverOptions tight_options() {
  SolverOptions options;
  options.tolerance = 1e-10;
  return options;
}

LcpProblem random_spd_lcp(Index n, std::mt19937_64& random) {
  std::normal_distribution<double> normal;
  DenseMatrix R(n, n);
  Vector q(n);
  for (Index j = 0; j < n; ++j) {
    q[j] = normal(random);
    for (Index i = 0; i < n; ++i) R(i, j) = normal(random);
  }
  return LcpProblem(DenseMatrix(R * R.transpose() / static_cast<double>(n) + 0.05 * DenseMatrix::Identity(n, n)), q);
}

// Found by a random search: an index leaves the clamped set while one index is driven and
// comes back while a later one is.
LcpProblem separated_index_rejoins() {
  DenseMatrix R(5, 5);
  R << 0.0, -1.0, 0.0, 0.5, 1.5,   //
      0.5, -2.0, 1.5, 0.0, -0.5,   //
      0.0, 1.5, -1.0, -1.0, -1.5,  //
      -0.5, 2.5, -0.5, 0.0, -1.5,  //
      1.0, 1.0, 0.5, 1.0, 0.5;
  return LcpProblem(DenseMatrix(R * R.transpose() + 0.25 * DenseMatrix::Identity(5, 5)),
                    Vector{{-0.5, -0.5, 0.0, -1.0, -1.0}});
}

// Checks B4's invariants on every snapshot: clamped w = 0 and x >= 0, separated x = 0 and
// w >= 0, unprocessed x = 0, one more index processed per outer iteration.
class InvariantChecker {
 public:
  explicit InvariantChecker(const LcpProblem& problem) : problem_(problem) {}

  DantzigObserver observer() {
    return [this](const DantzigSnapshot& snapshot) { check(snapshot); };
  }
  int calls() const { return calls_; }
  // Processed indices that changed set between snapshots (inner pivots that moved them).
  int moved_to_separated() const { return moved_to_separated_; }
  int moved_to_clamped() const { return moved_to_clamped_; }

 private:
  void check(const DantzigSnapshot& snapshot) {
    ++calls_;
    if (!previous_.empty()) {
      for (std::size_t i = 0; i < previous_.size(); ++i) {
        const DantzigIndexSet before = previous_[i];
        const DantzigIndexSet after = snapshot.sets[i];
        if (before == DantzigIndexSet::clamped && after == DantzigIndexSet::separated) ++moved_to_separated_;
        if (before == DantzigIndexSet::separated && after == DantzigIndexSet::clamped) ++moved_to_clamped_;
      }
    }
    previous_ = snapshot.sets;
    EXPECT_EQ(snapshot.outer_iteration, calls_);
    const Vector w = problem_.w(snapshot.x);
    const double scale = std::max(1.0, problem_.q().lpNorm<Eigen::Infinity>());
    int processed = 0;
    for (Index i = 0; i < problem_.size(); ++i) {
      switch (snapshot.sets[static_cast<std::size_t>(i)]) {
        case DantzigIndexSet::clamped:
          ++processed;
          EXPECT_LE(std::abs(w[i]), 1e-10 * scale) << "clamped " << i << " at " << calls_;
          EXPECT_GE(snapshot.x[i], 0.0) << "clamped " << i << " at " << calls_;
          break;
        case DantzigIndexSet::separated:
          ++processed;
          EXPECT_EQ(snapshot.x[i], 0.0) << "separated " << i << " at " << calls_;
          EXPECT_GE(w[i], -1e-10 * scale) << "separated " << i << " at " << calls_;
          break;
        case DantzigIndexSet::unprocessed:
          EXPECT_EQ(snapshot.x[i], 0.0) << "unprocessed " << i << " at " << calls_;
          break;
      }
    }
    EXPECT_EQ(processed, calls_);
  }

  const LcpProblem& problem_;
  std::vector<DantzigIndexSet> previous_;
  int calls_ = 0;
  int moved_to_separated_ = 0;
  int moved_to_clamped_ = 0;
};

// B4: invariants after every outer iteration, at most n outer iterations, and the same
// solution as Lemke (unique for PD matrices) to 1e-10.
TEST(Dantzig, B4InvariantsHoldAndTheResultMatchesLemke) {
  std::mt19937_64 random(17);
  std::vector<LcpProblem> problems;
  for (int instance = 0; instance < 20; ++instance) problems.push_back(random_spd_lcp(30, random));
  for (std::uint64_t seed = 1; seed <= 3; ++seed) problems.push_back(erleben::make_pd_lcp(60, seed).problem);
  problems.push_back(separated_index_rejoins());

  int moved_to_separated = 0;
  int moved_to_clamped = 0;
  for (std::size_t p = 0; p < problems.size(); ++p) {
    const LcpProblem& problem = problems[p];
    InvariantChecker checker(problem);
    const SolverResult result = DantzigSolver(checker.observer()).solve(problem, tight_options());
    moved_to_separated += checker.moved_to_separated();
    moved_to_clamped += checker.moved_to_clamped();
    ASSERT_EQ(result.status, Status::converged) << "problem " << p;
    EXPECT_LE(result.iterations, problem.size());
    EXPECT_EQ(checker.calls(), result.iterations);
    EXPECT_TRUE(IsLcpSolution(problem, result.z, 1e-10));

    const SolverResult lemke = LemkeSolver().solve(problem, tight_options());
    ASSERT_EQ(lemke.status, Status::converged) << "problem " << p;
    EXPECT_LE((result.z - lemke.z).lpNorm<Eigen::Infinity>(), 1e-10) << "problem " << p;
  }
  // The problems exercise both kinds of inner pivot (and so the Cholesky append and delete).
  EXPECT_GT(moved_to_separated, 0);
  EXPECT_GT(moved_to_clamped, 0);
}

TEST(Dantzig, NonsymmetricMatrixIsUnsupported) {
  DenseMatrix M(2, 2);
  M << 2.0, 1.0, 0.0, 2.0;
  const SolverResult result = DantzigSolver().solve(LcpProblem(M, Vector{{-1.0, -1.0}}), tight_options());
  EXPECT_EQ(result.status, Status::unsupported);
}

// With q = -e every index ties at first. The seed decides the order in which they are driven:
// the same seed gives the same order, different seeds different orders, all the same solution.
TEST(Dantzig, TiesAreBrokenReproduciblyByTheSeed) {
  const Index n = 6;
  const DenseMatrix M = 2.0 * DenseMatrix::Identity(n, n) + 0.1 * DenseMatrix::Ones(n, n);
  const LcpProblem problem(M, -Vector::Ones(n));

  auto driven_order = [&](std::uint64_t seed, Vector* z) {
    std::vector<Index> order;
    std::vector<DantzigIndexSet> previous(static_cast<std::size_t>(n), DantzigIndexSet::unprocessed);
    const DantzigSolver solver([&](const DantzigSnapshot& snapshot) {
      for (Index i = 0; i < n; ++i) {
        const auto k = static_cast<std::size_t>(i);
        if (previous[k] == DantzigIndexSet::unprocessed && snapshot.sets[k] != previous[k]) order.push_back(i);
      }
      previous = snapshot.sets;
    });
    SolverOptions options = tight_options();
    options.seed = seed;
    const SolverResult result = solver.solve(problem, options);
    EXPECT_EQ(result.status, Status::converged);
    *z = result.z;
    return order;
  };

  Vector reference;
  const std::vector<Index> first = driven_order(1, &reference);
  EXPECT_EQ(static_cast<Index>(first.size()), n);
  Vector z;
  EXPECT_EQ(driven_order(1, &z), first);
  std::set<std::vector<Index>> orders;
  for (std::uint64_t seed = 1; seed <= 8; ++seed) {
    orders.insert(driven_order(seed, &z));
    EXPECT_LE((z - reference).lpNorm<Eigen::Infinity>(), 1e-14) << "seed " << seed;
  }
  EXPECT_GT(orders.size(), 1u);
}

// Four corner contacts of a square plate on a table, generalised velocity (v_z, w_x, w_y):
// A = J M^-1 J^T has rank 3 (PSD, one redundant contact).
TEST(Dantzig, SolvesRedundantContactsWithAPsdMatrix) {
  DenseMatrix J(4, 3);
  J << 1.0, 1.0, -1.0,  //
      1.0, -1.0, -1.0,  //
      1.0, -1.0, 1.0,   //
      1.0, 1.0, 1.0;
  const Vector inverse_mass{{1.0, 3.0, 3.0}};
  const DenseMatrix A = J * inverse_mass.asDiagonal() * J.transpose();
  for (const Vector& free_velocity : {Vector{{-1.0, 0.3, -0.2}}, Vector{{-1.0, 0.0, 0.0}}, Vector{{-0.5, 2.0, 0.1}}}) {
    const LcpProblem problem(A, J * free_velocity);
    const SolverResult result = DantzigSolver().solve(problem, tight_options());
    ASSERT_EQ(result.status, Status::converged) << free_velocity.transpose();
    EXPECT_TRUE(IsLcpSolution(problem, result.z, 1e-10));
  }
}

// Erleben's PSD family (half the eigenvalues 0) with a planted solution: Baraff reports the
// method also works for PSD matrices in practice; here every instance converges.
TEST(Dantzig, SolvesPlantedPsdProblems) {
  for (std::uint64_t seed = 1; seed <= 5; ++seed) {
    const erleben::GeneratedLcp generated = erleben::make_psd_lcp(40, 0.5, seed);
    const SolverResult result = DantzigSolver().solve(generated.problem, tight_options());
    ASSERT_EQ(result.status, Status::converged) << "seed " << seed;
    EXPECT_TRUE(IsLcpSolution(generated.problem, result.z, 1e-10));
  }
}

// [[1,-1],[-1,1]] is PSD and w1 + w2 = -2 for every z: x_j grows without w_j reaching 0.
TEST(Dantzig, InfeasiblePsdProblemIsReported) {
  DenseMatrix M(2, 2);
  M << 1.0, -1.0, -1.0, 1.0;
  EXPECT_EQ(DantzigSolver().solve(LcpProblem(M, Vector{{-1.0, -1.0}}), tight_options()).status, Status::infeasible);
}

TEST(Dantzig, StopsAtThePivotCap) {
  SolverOptions options = tight_options();
  options.max_iterations = 2;
  const LcpProblem problem(DenseMatrix(DenseMatrix::Identity(5, 5)), -Vector::Ones(5));
  const SolverResult result = DantzigSolver().solve(problem, options);
  EXPECT_EQ(result.status, Status::max_iterations);
  EXPECT_EQ(result.iterations, 2);
}

TEST(Dantzig, NonFiniteDataIsANumericalFailure) {
  DenseMatrix M = DenseMatrix::Identity(2, 2);
  M(1, 1) = std::numeric_limits<double>::infinity();
  EXPECT_EQ(DantzigSolver().solve(LcpProblem(M, Vector{{-1.0, -1.0}}), tight_options()).status,
            Status::numerical_failure);
}

TEST(Dantzig, HistoryRecordsTheDrivenViolations) {
  const erleben::GeneratedLcp generated = erleben::make_pd_lcp(25, 3);
  const SolverResult result = DantzigSolver().solve(generated.problem, tight_options());
  ASSERT_EQ(result.status, Status::converged);
  ASSERT_EQ(static_cast<int>(result.merit_history.size()), result.iterations);
  for (const double w : result.merit_history) EXPECT_LT(w, 0.0);
  EXPECT_LE((result.z - generated.solution).lpNorm<Eigen::Infinity>(), 1e-10);
}

TEST(Dantzig, DescribesItself) {
  const auto solver = make_dantzig_solver();
  EXPECT_EQ(solver->name(), "dantzig");
  EXPECT_EQ(solver->family(), SolverFamily::pivoting);
}

}  // namespace
}  // namespace relcp::lcp
