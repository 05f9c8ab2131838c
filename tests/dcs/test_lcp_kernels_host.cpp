// The per-LCP logic of the CUDA batched LCP kernels (lcp_kernels_cuda.hpp), run on the host
// against the CPU solvers of the selections: enumeration for n <= 8 (least element of Z-matrix
// LCPs, unique solution of P-matrix LCPs) and Howard's iteration with cyclic-reduction solves
// for tridiagonal M-matrices.

#include <gtest/gtest.h>

#include <Eigen/LU>
#include <cmath>
#include <random>
#include <vector>

#include "core/error.hpp"
#include "dcs/batched/batched_lcp_cuda.hpp"
#include "dcs/batched/dlcp_least_element.hpp"
#include "dcs/batched/dlcp_principal_pivoting.hpp"
#include "dcs/batched/lcp_kernels_cuda.hpp"
#include "dcs/batched/lcp_selection.hpp"

namespace relcp::dcs {
namespace {

class RandomLcps {
 public:
  explicit RandomLcps(unsigned seed) : generator_(seed) {}

  double uniform(double low, double high) { return std::uniform_real_distribution<double>(low, high)(generator_); }

  // Off-diagonal entries <= 0; a diagonal large enough for the M-matrix property when `dominant`.
  DenseMatrix z_matrix(int n, bool dominant) {
    DenseMatrix M(n, n);
    for (int r = 0; r < n; ++r) {
      double off = 0.0;
      for (int c = 0; c < n; ++c) {
        M(r, c) = r == c ? 0.0 : (uniform(0.0, 1.0) < 0.6 ? uniform(-1.0, 0.0) : 0.0);
        off += std::abs(M(r, c));
      }
      M(r, r) = dominant ? off + uniform(0.1, 1.0) : uniform(0.2, 1.5);
    }
    return M;
  }

  // Positive definite symmetric part: a P-matrix (not Z).
  DenseMatrix p_matrix(int n) {
    DenseMatrix G(n, n), S(n, n);
    for (int i = 0; i < n * n; ++i) {
      G.data()[i] = uniform(-1.0, 1.0);
      S.data()[i] = uniform(-1.0, 1.0);
    }
    return G * G.transpose() + 0.5 * DenseMatrix::Identity(n, n) + (S - S.transpose());
  }

  Vector vector(int n, double low, double high) {
    Vector v(n);
    for (int i = 0; i < n; ++i) v[i] = uniform(low, high);
    return v;
  }

 private:
  std::mt19937 generator_;
};

double natural_residual(const DenseMatrix& M, const Vector& q, const Vector& y) {
  return y.cwiseMin(M * y + q).cwiseAbs().maxCoeff();
}

int small_solve(const DenseMatrix& M, const Vector& q, int selection, Vector& y) {
  y.resize(M.rows());
  return kernels::solve_small_lcp(static_cast<int>(M.rows()), M.data(), q.data(), selection, 1e-10, y.data());
}

TEST(SmallLcpKernel, EnumerationFindsTheLeastElementOfZMatrixLcps) {
  RandomLcps random(1);
  int feasible = 0;
  for (int trial = 0; trial < 300; ++trial) {
    const int n = 1 + trial % kernels::kSmallLcpMaxSize;
    const DenseMatrix M = random.z_matrix(n, trial % 3 != 0);
    const Vector q = random.vector(n, -1.0, 1.0);
    Vector y, reference;
    const int code = small_solve(M, q, kernels::kSelectLeastElement, y);
    const LcpOutcome outcome = solve_least_element(M, q, 1e-10, reference);
    if (outcome.status == lcp::Status::converged) {
      ++feasible;
      ASSERT_EQ(code, kernels::kLcpConverged) << "trial " << trial;
      EXPECT_LT((y - reference).cwiseAbs().maxCoeff(), 1e-8) << "trial " << trial;
    } else if (outcome.status == lcp::Status::infeasible) {
      EXPECT_EQ(code, kernels::kLcpInfeasible) << "trial " << trial;
    }
  }
  EXPECT_GT(feasible, 150);
}

TEST(SmallLcpKernel, EnumerationFindsTheUniqueSolutionOfPMatrixLcps) {
  RandomLcps random(2);
  for (int trial = 0; trial < 200; ++trial) {
    const int n = 1 + trial % kernels::kSmallLcpMaxSize;
    const DenseMatrix M = random.p_matrix(n);
    const Vector q = random.vector(n, -2.0, 2.0);
    Vector y, reference;
    ASSERT_EQ(small_solve(M, q, kernels::kSelectUnique, y), kernels::kLcpConverged) << "trial " << trial;
    ASSERT_EQ(solve_by_principal_pivoting(M, q, 1e-12, reference).status, lcp::Status::converged);
    EXPECT_LT((y - reference).cwiseAbs().maxCoeff(), 1e-8) << "trial " << trial;
    EXPECT_LE(natural_residual(M, q, y), 1e-10);
  }
}

// The device's warp kernel: 32 lanes each scan every 32nd index set, then their best candidates
// are merged. Replayed here lane by lane, in the tree order of the warp's shuffles.
Vector warp_enumeration(const DenseMatrix& M, const Vector& q, int selection, bool& found) {
  const int n = static_cast<int>(M.rows());
  double pivot_floor = 0.0;
  EXPECT_EQ(kernels::small_lcp_pivot_floor(n, M.data(), q.data(), pivot_floor), kernels::kLcpConverged);
  std::vector<kernels::SmallLcpCandidate> best(32);
  std::vector<Vector> solutions(32, Vector::Zero(n));
  for (unsigned lane = 0; lane < 32; ++lane) {
    best[lane] = kernels::best_small_lcp_candidate(n, M.data(), q.data(), selection, 1e-10, pivot_floor, lane, 32,
                                                   solutions[lane].data());
  }
  std::vector<kernels::SmallLcpCandidate> merged = best;
  for (int step = 16; step > 0; step /= 2) {
    for (int lane = 0; lane + step < 32; ++lane) {
      if (kernels::preferred_candidate(merged[lane + step], merged[lane], selection))
        merged[lane] = merged[lane + step];
    }
  }
  found = merged[0].found;
  for (unsigned lane = 0; lane < 32; ++lane) {
    if (found && best[lane].found && best[lane].mask == merged[0].mask) return solutions[lane];
  }
  return Vector::Zero(n);
}

TEST(SmallLcpKernel, SetsSplitAmongAWarpSelectWhatOneThreadSelects) {
  RandomLcps random(5);
  int compared = 0;
  for (int trial = 0; trial < 120; ++trial) {
    const int n =
        kernels::kWarpEnumerationMinSize + trial % (kernels::kSmallLcpMaxSize - kernels::kWarpEnumerationMinSize + 1);
    const bool least = trial % 2 == 0;
    const DenseMatrix M = least ? random.z_matrix(n, trial % 4 != 0) : random.p_matrix(n);
    const Vector q = random.vector(n, -1.0, 1.0);
    const int selection = least ? kernels::kSelectLeastElement : kernels::kSelectUnique;
    Vector one_thread;
    const int code = small_solve(M, q, selection, one_thread);
    bool found = false;
    const Vector warp = warp_enumeration(M, q, selection, found);
    ASSERT_EQ(found, code == kernels::kLcpConverged) << "trial " << trial;
    if (!found) continue;
    ++compared;
    EXPECT_EQ((warp - one_thread).cwiseAbs().maxCoeff(), 0.0) << "trial " << trial;  // the same set's solve
  }
  EXPECT_GT(compared, 80);
}

TEST(SmallLcpKernel, PreferredCandidateOrdersByTheSelectionThenTheSet) {
  const kernels::SmallLcpCandidate none{};
  const kernels::SmallLcpCandidate a{true, 3, 1.0, 1e-12}, b{true, 5, 1.0, 1e-12}, c{true, 9, 0.5, 1e-11};
  EXPECT_TRUE(kernels::preferred_candidate(a, none, kernels::kSelectUnique));
  EXPECT_FALSE(kernels::preferred_candidate(none, a, kernels::kSelectUnique));
  EXPECT_TRUE(kernels::preferred_candidate(a, b, kernels::kSelectLeastElement));  // equal keys: smaller set
  EXPECT_FALSE(kernels::preferred_candidate(b, a, kernels::kSelectLeastElement));
  EXPECT_TRUE(kernels::preferred_candidate(c, a, kernels::kSelectLeastElement));  // smaller sum first
  EXPECT_TRUE(kernels::preferred_candidate(a, c, kernels::kSelectUnique));        // smaller residual
}

TEST(SmallLcpKernel, ReportsInfeasibleAndNonFiniteProblems) {
  DenseMatrix M(2, 2);
  M << 1, -1, 0, -1;  // row 2: -y2 + q2 >= 0 and y2 >= 0 need q2 >= 0
  Vector q(2);
  q << 0.5, -1.0;
  Vector y;
  EXPECT_EQ(small_solve(M, q, kernels::kSelectLeastElement, y), kernels::kLcpInfeasible);
  q << std::nan(""), 1.0;
  EXPECT_EQ(small_solve(M, q, kernels::kSelectLeastElement, y), kernels::kLcpNumericalFailure);
}

TEST(SmallLcpKernel, LeastElementOfTheWuChenZMatrix) {
  // [PL] 4.1's M (Z, not P: M33 = 0); several solutions may exist, the kernel keeps the least.
  DenseMatrix M(4, 4);
  M << 2.0 / 3, -1, -1.0 / 3, -5.0 / 3, -2.0 / 3, 1.0 / 3, -2.0 / 3, -4.0 / 3, -2.0 / 3, -1.0 / 30, 0, -5.0 / 3, -1, 0,
      -5.0 / 3, 1.0 / 3;
  RandomLcps random(4);
  int solved = 0;
  for (int trial = 0; trial < 200; ++trial) {
    const Vector q = random.vector(4, -0.5, 2.0);
    Vector y, reference;
    const int code = small_solve(M, q, kernels::kSelectLeastElement, y);
    if (solve_least_element(M, q, 1e-10, reference).status != lcp::Status::converged) continue;
    ++solved;
    ASSERT_EQ(code, kernels::kLcpConverged);
    EXPECT_LT((y - reference).cwiseAbs().maxCoeff(), 1e-8);
  }
  EXPECT_GT(solved, 20);
}

struct Tridiagonal {
  Vector lower, diag, upper;
  DenseMatrix dense;
};

Tridiagonal signorini_matrix(int n) {
  Tridiagonal t{Vector::Constant(n, -1.0), Vector::Constant(n, 4.0), Vector::Constant(n, -1.0),
                DenseMatrix::Zero(n, n)};
  t.lower[0] = 0.0;
  t.upper[n - 1] = 0.0;
  for (int i = 0; i < n; ++i) {
    t.dense(i, i) = 4.0;
    if (i > 0) t.dense(i, i - 1) = -1.0;
    if (i + 1 < n) t.dense(i, i + 1) = -1.0;
  }
  return t;
}

int howard(const Tridiagonal& t, const Vector& q, bool warm, Vector& y, int& iterations) {
  const int n = static_cast<int>(q.size());
  if (y.size() != n) y = Vector::Zero(n);
  std::vector<double> buffers(static_cast<std::size_t>(8 * n));
  std::vector<int> active(static_cast<std::size_t>(n));
  kernels::SequentialTeam team;
  return kernels::solve_tridiagonal_lcp(team, n, t.lower.data(), t.diag.data(), t.upper.data(), q.data(), warm, 1e-10,
                                        n + 5, {buffers.data(), active.data()}, y.data(), iterations);
}

TEST(TridiagonalLcpKernel, CyclicReductionSolvesTheFullyActiveSystem) {
  for (const int n : {1, 2, 3, 16, 39, 100}) {
    const Tridiagonal t = signorini_matrix(n);
    RandomLcps random(static_cast<unsigned>(n));
    const Vector q = random.vector(n, -3.0, -1.0);  // every row active: y = -M^{-1} q > 0
    Vector y;
    int iterations = 0;
    ASSERT_EQ(howard(t, q, false, y, iterations), kernels::kLcpConverged);
    const Vector exact = t.dense.partialPivLu().solve(-q);
    EXPECT_LT((y - exact).cwiseAbs().maxCoeff(), 1e-13 * exact.cwiseAbs().maxCoeff()) << "n = " << n;
    EXPECT_EQ(iterations, 1);
  }
}

TEST(TridiagonalLcpKernel, HowardMatchesTheLeastElementSolverAndIsFastWhenWarm) {
  RandomLcps random(7);
  for (const int n : {5, 39, 63, 127}) {
    const Tridiagonal t = signorini_matrix(n);
    for (int trial = 0; trial < 10; ++trial) {
      const Vector q = random.vector(n, -2.0, 2.0);
      Vector y, reference;
      int iterations = 0;
      ASSERT_EQ(howard(t, q, false, y, iterations), kernels::kLcpConverged);
      ASSERT_EQ(solve_least_element(t.dense, q, 1e-12, reference).status, lcp::Status::converged);
      EXPECT_LT((y - reference).cwiseAbs().maxCoeff(), 1e-10);
      EXPECT_LE(iterations, n + 1);
      // A nearby q from the previous solution: the active set barely changes.
      const Vector nearby = q + random.vector(n, -1e-3, 1e-3);
      int warm_iterations = 0;
      ASSERT_EQ(howard(t, nearby, true, y, warm_iterations), kernels::kLcpConverged);
      ASSERT_EQ(solve_least_element(t.dense, nearby, 1e-12, reference).status, lcp::Status::converged);
      EXPECT_LT((y - reference).cwiseAbs().maxCoeff(), 1e-10);
      EXPECT_LE(warm_iterations, iterations + 1);
    }
  }
}

TEST(CudaLcpKernelChoice, PicksTheKernelOrNamesTheCpuBackEnds) {
  RandomLcps random(9);
  EXPECT_EQ(choose_cuda_lcp_kernel(random.z_matrix(4, true), LcpSelection::least_element),
            CudaLcpKernel::small_enumeration);
  EXPECT_EQ(choose_cuda_lcp_kernel(signorini_matrix(39).dense, LcpSelection::unique),
            CudaLcpKernel::tridiagonal_howard);
  EXPECT_THROW(choose_cuda_lcp_kernel(random.z_matrix(4, true), LcpSelection::least_norm), InputError);
  EXPECT_THROW(choose_cuda_lcp_kernel(random.p_matrix(12), LcpSelection::unique), InputError);
  DenseMatrix not_m = signorini_matrix(20).dense;
  not_m(3, 4) = 0.5;  // tridiagonal but not Z
  EXPECT_THROW(choose_cuda_lcp_kernel(not_m, LcpSelection::unique), InputError);
}

TEST(CudaLcpKernelChoice, HostRunOfTheKernelLogicAgreesWithTheSelectionSolver) {
  RandomLcps random(10);
  const DenseMatrix small = random.z_matrix(6, true);
  const DenseMatrix large = signorini_matrix(45).dense;
  for (const DenseMatrix* M : {&small, &large}) {
    const LcpSelectionSolver solver(*M, LcpSelection::least_element, 1e-10);
    const CudaLcpKernel kernel = choose_cuda_lcp_kernel(*M, LcpSelection::least_element);
    for (int trial = 0; trial < 5; ++trial) {
      const Vector q = random.vector(static_cast<int>(M->rows()), -1.0, 1.0);
      Vector y, reference;
      const LcpOutcome outcome = solve_like_cuda_kernel(kernel, *M, LcpSelection::least_element, 1e-10, q, y);
      ASSERT_EQ(outcome.status, lcp::Status::converged);
      ASSERT_EQ(solver.solve(q, reference).status, lcp::Status::converged);
      EXPECT_LT((y - reference).cwiseAbs().maxCoeff(), 1e-10);
    }
  }
}

}  // namespace
}  // namespace relcp::dcs
