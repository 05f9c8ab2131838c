// Stewart's switching LCPs (13), LCP(N_alpha, [0; -e]) (Stewart 1996, Secs. 3.2-3.3; reference
// tests C1-C4 of docs/lcp.md): non-symmetric, with a zero block and a degenerate q.

#include <gtest/gtest.h>

#include <Eigen/LU>
#include <cmath>
#include <numbers>
#include <numeric>
#include <random>
#include <vector>

#include "lcp/pivoting/enumeration.hpp"
#include "lcp/pivoting/lemke.hpp"
#include "support/lcp_checks.hpp"

namespace relcp::lcp {
namespace {

using testing::IsLcpSolution;

SolverOptions tight_options() {
  SolverOptions options;
  options.tolerance = 1e-10;
  return options;
}

// One discontinuous term f^j of x' = sum_j f^j(x) at a point, restricted to its active index
// set I^j: the gradients of the indicator functions h^j_i and the smooth pieces f^j_i.
struct SwitchingTerm {
  std::vector<Vector> indicator_gradients;
  std::vector<Vector> fields;
};

std::vector<Index> group_sizes(const std::vector<SwitchingTerm>& terms) {
  std::vector<Index> sizes;
  for (const SwitchingTerm& term : terms) sizes.push_back(static_cast<Index>(term.fields.size()));
  return sizes;
}

Index total(const std::vector<Index>& sizes) { return std::accumulate(sizes.begin(), sizes.end(), Index{0}); }

// M of (10): m^{jq}_{ip} = grad h^j_i . f^q_p, rows grouped by j, columns by q.
DenseMatrix switching_matrix(const std::vector<SwitchingTerm>& terms) {
  std::vector<Vector> gradients;
  std::vector<Vector> fields;
  for (const SwitchingTerm& term : terms) {
    gradients.insert(gradients.end(), term.indicator_gradients.begin(), term.indicator_gradients.end());
    fields.insert(fields.end(), term.fields.begin(), term.fields.end());
  }
  DenseMatrix M(static_cast<Index>(gradients.size()), static_cast<Index>(fields.size()));
  for (Index r = 0; r < M.rows(); ++r) {
    for (Index c = 0; c < M.cols(); ++c)
      M(r, c) = gradients[static_cast<std::size_t>(r)].dot(fields[static_cast<std::size_t>(c)]);
  }
  return M;
}

// N_alpha = [[M + alpha e e^T, -E], [E^T, 0]] of (11), E = blockdiag(e^1, ..., e^m).
DenseMatrix shifted_system(const DenseMatrix& M, const std::vector<Index>& sizes, double alpha) {
  const Index n = M.rows();
  const Index m = static_cast<Index>(sizes.size());
  DenseMatrix N = DenseMatrix::Zero(n + m, n + m);
  N.topLeftCorner(n, n) = M.array() + alpha;
  Index row = 0;
  for (Index j = 0; j < m; ++j) {
    for (Index i = 0; i < sizes[static_cast<std::size_t>(j)]; ++i, ++row) {
      N(row, n + j) = -1.0;
      N(n + j, row) = 1.0;
    }
  }
  return N;
}

// q = [0; -e] of (13).
Vector switching_q(const std::vector<Index>& sizes) {
  Vector q = Vector::Zero(total(sizes) + static_cast<Index>(sizes.size()));
  q.tail(static_cast<Index>(sizes.size())).setConstant(-1.0);
  return q;
}

// Lemma 2 says E^T z = e at every solution (beta = 0).
void expect_unit_group_sums(const Vector& solution, const std::vector<Index>& sizes, double tol) {
  Index offset = 0;
  for (const Index size : sizes) {
    EXPECT_NEAR(solution.segment(offset, size).sum(), 1.0, tol);
    offset += size;
  }
}

// C1: example (5) at x = 0 with h^j_1 = -x_j, h^j_2 = +x_j (corrected signs, docs/switching.md),
// alpha = 2.
TEST(StewartLcp, C1TwoFrictionTermsAtTheOrigin) {
  DenseMatrix printed(6, 6);
  printed << 3, 1, 2, 2, -1, 0,  //
      1, 3, 2, 2, -1, 0,         //
      2, 2, 3, 1, 0, -1,         //
      2, 2, 1, 3, 0, -1,         //
      1, 1, 0, 0, 0, 0,          //
      0, 0, 1, 1, 0, 0;
  const Vector e1{{1.0, 0.0}};
  const Vector e2{{0.0, 1.0}};
  const std::vector<SwitchingTerm> terms{{{-e1, e1}, {-e1, e1}}, {{-e2, e2}, {-e2, e2}}};
  const std::vector<Index> sizes = group_sizes(terms);
  const DenseMatrix N = shifted_system(switching_matrix(terms), sizes, 2.0);
  ASSERT_EQ(N, printed);

  const LcpProblem problem(N, switching_q(sizes));
  const Vector expected{{0.5, 0.5, 0.5, 0.5, 4.0, 4.0}};
  const SolverResult lemke = LemkeSolver().solve(problem, tight_options());
  ASSERT_EQ(lemke.status, Status::converged);
  EXPECT_LE((lemke.z - expected).lpNorm<Eigen::Infinity>(), 1e-12);
  EXPECT_LE(problem.w(lemke.z).lpNorm<Eigen::Infinity>(), 1e-12);  // w = 0 and beta = 0

  const std::vector<Vector> all = enumerate_lcp_solutions(problem, 1e-10);
  ASSERT_EQ(all.size(), 1u);
  EXPECT_LE((all[0] - expected).lpNorm<Eigen::Infinity>(), 1e-12);
}

// C2: Lemma 2 on random instances: 1-4 groups of 1-3 active indices, Gaussian M,
// alpha = 1 - min M. Lexicographic Lemke always ends at a solution, with E^T z = e; where
// enumeration is cheap, every solution has E^T z = e.
TEST(StewartLcp, C2LemkeSolvesRandomSwitchingLcps) {
  std::mt19937_64 random(2024);
  std::uniform_int_distribution<Index> group_count(1, 4);
  std::uniform_int_distribution<Index> group_size(1, 3);
  std::normal_distribution<double> normal;
  int enumerated = 0;
  for (int instance = 0; instance < 500; ++instance) {
    std::vector<Index> sizes(static_cast<std::size_t>(group_count(random)));
    for (Index& size : sizes) size = group_size(random);
    const Index n = total(sizes);
    DenseMatrix M(n, n);
    for (Index c = 0; c < n; ++c) {
      for (Index r = 0; r < n; ++r) M(r, c) = normal(random);
    }
    const double alpha = 1.0 - M.minCoeff();
    const LcpProblem problem(shifted_system(M, sizes, alpha), switching_q(sizes));

    SolverOptions options;
    options.tolerance = 1e-9;
    const SolverResult result = LemkeSolver().solve(problem, options);
    ASSERT_EQ(result.status, Status::converged) << "instance " << instance;
    ASSERT_TRUE(IsLcpSolution(problem, result.z, 1e-9)) << "instance " << instance;
    expect_unit_group_sums(result.z, sizes, 1e-9);

    if (problem.size() <= 10) {
      ++enumerated;
      const std::vector<Vector> all = enumerate_lcp_solutions(problem, 1e-9);
      ASSERT_FALSE(all.empty()) << "instance " << instance;
      for (const Vector& solution : all) expect_unit_group_sums(solution, sizes, 1e-9);
    }
  }
  EXPECT_GT(enumerated, 100);
}

// C3: Lemma 1. N_{alpha+beta} = N_alpha + beta [e;0][e;0]^T, N_alpha [0; -1_m] = [e; 0] exactly,
// [e;0]^T N_alpha^-1 [e;0] = 0, so (Sherman-Morrison) invertibility does not depend on alpha.
TEST(StewartLcp, C3InvertibilityDoesNotDependOnAlpha) {
  std::mt19937_64 random(7);
  std::uniform_int_distribution<Index> group_count(1, 4);
  std::uniform_int_distribution<Index> group_size(1, 3);
  std::normal_distribution<double> normal;
  for (int instance = 0; instance < 100; ++instance) {
    std::vector<Index> sizes(static_cast<std::size_t>(group_count(random)));
    for (Index& size : sizes) size = group_size(random);
    const Index n = total(sizes);
    const Index m = static_cast<Index>(sizes.size());
    DenseMatrix M(n, n);
    for (Index c = 0; c < n; ++c) {
      for (Index r = 0; r < n; ++r) M(r, c) = normal(random);
    }
    // Every fourth instance: two equal rows in one group make N singular for every alpha.
    const bool make_singular = instance % 4 == 0 && sizes[0] >= 2;
    if (make_singular) M.row(1) = M.row(0);

    const double alpha = 1.0 - M.minCoeff();
    const double beta = 3.7;
    const DenseMatrix N = shifted_system(M, sizes, alpha);
    const DenseMatrix N_shifted = shifted_system(M, sizes, alpha + beta);
    Vector e0 = Vector::Zero(n + m);
    e0.head(n).setOnes();
    EXPECT_LE((N_shifted - N - beta * e0 * e0.transpose()).lpNorm<Eigen::Infinity>(), 1e-13 * (alpha + beta));

    Vector minus_ones = Vector::Zero(n + m);
    minus_ones.tail(m).setConstant(-1.0);
    EXPECT_EQ(N * minus_ones, e0);

    const Eigen::FullPivLU<DenseMatrix> lu(N);
    const Eigen::FullPivLU<DenseMatrix> lu_shifted(N_shifted);
    EXPECT_EQ(lu.isInvertible(), lu_shifted.isInvertible()) << "instance " << instance;
    EXPECT_EQ(lu.isInvertible(), !make_singular) << "instance " << instance;
    if (lu.isInvertible()) {
      const Vector solved = lu.solve(e0);
      EXPECT_NEAR(e0.dot(solved), 0.0, 1e-10 * std::max(1.0, solved.lpNorm<Eigen::Infinity>()));
    }
  }
}

// The three-mass chain (15): wall - m1 - m2 - m3, unit masses, springs and dampers 1, Coulomb
// friction 0.3 on each mass, 10 cos(pi t) on mass 3. State s = (x1, x2, x3, v1, v2, v3).
// Decomposition of 1.10(b): f^q_1 = smooth/3 - 0.3 e_{v_q} (v_q > 0), f^q_2 = smooth/3 + 0.3 e_{v_q}
// (v_q < 0), h^q_1 = -v_q, h^q_2 = +v_q.
Vector smooth_acceleration(double t, const Vector& s) {
  return Vector{{-s[0] + (s[1] - s[0]) - s[3], (s[0] - s[1]) + (s[2] - s[1]) - s[4],
                 (s[1] - s[2]) - s[5] + 10.0 * std::cos(std::numbers::pi * t)}};
}

// active_modes[q] lists the modes (1 or 2) of mass q in I_0.
std::vector<SwitchingTerm> three_mass_terms(double t, const Vector& s,
                                            const std::vector<std::vector<int>>& active_modes) {
  Vector smooth(6);
  smooth << s.tail(3), smooth_acceleration(t, s);
  std::vector<SwitchingTerm> terms;
  for (Index q = 0; q < 3; ++q) {
    const Vector unit = Vector::Unit(6, 3 + q);
    SwitchingTerm term;
    for (const int mode : active_modes[static_cast<std::size_t>(q)]) {
      const double sign = mode == 1 ? -1.0 : 1.0;
      term.indicator_gradients.push_back(sign * unit);
      term.fields.push_back(smooth / 3.0 + sign * 0.3 * unit);
    }
    terms.push_back(term);
  }
  return terms;
}

struct SwitchingLcp {
  LcpProblem problem;
  std::vector<Index> sizes;
  double alpha;
};

SwitchingLcp three_mass_lcp(double t, const Vector& s, const std::vector<std::vector<int>>& active_modes) {
  const std::vector<SwitchingTerm> terms = three_mass_terms(t, s, active_modes);
  const DenseMatrix M = switching_matrix(terms);
  const std::vector<Index> sizes = group_sizes(terms);
  const double alpha = 1.0 - M.minCoeff();
  return {LcpProblem(shifted_system(M, sizes, alpha), switching_q(sizes)), sizes, alpha};
}

// States at switching points of (15), from an event-located RK4 integration (h = 1e-3 and
// 2.5e-4 agree to 1e-12; docs/lcp_pivoting.md).
// Switch 1, t = 0.2077: mass 2 reaches v2 = 0 with g2 = -3.9026 < -0.3, so it must reverse.
TEST(StewartLcp, C4MassTwoReversesAtTheFirstSwitch) {
  const double t = 0.207736371313;
  const Vector s{{-1.11781195993, 1.09989411595, -0.584958891565, -0.152093010743, 0.0, 2.84868540984}};
  const SwitchingLcp lcp = three_mass_lcp(t, s, {{2}, {1, 2}, {1}});
  EXPECT_NEAR(lcp.alpha, 3.2604, 5e-5);

  for (const Vector& z :
       {LemkeSolver().solve(lcp.problem, tight_options()).z, enumerate_lcp_solutions(lcp.problem, 1e-10).at(0)}) {
    EXPECT_TRUE(IsLcpSolution(lcp.problem, z, 1e-10));
    EXPECT_NEAR(z[0], 1.0, 1e-10);  // z^1
    EXPECT_NEAR(z[1], 0.0, 1e-10);  // z^2 = (0, 1): new I^2 = {2}, v2 < 0
    EXPECT_NEAR(z[2], 1.0, 1e-10);
    EXPECT_NEAR(z[3], 1.0, 1e-10);  // z^3
    const Vector w = lcp.problem.w(z);
    const Vector expected_w{{0.0, 7.205118, 0.0, 0.0, 0.0, 0.0, 0.0}};  // w, then beta = 0
    EXPECT_LE((w - expected_w).lpNorm<Eigen::Infinity>(), 1e-6);
  }
  EXPECT_EQ(enumerate_lcp_solutions(lcp.problem, 1e-10).size(), 1u);
}

// Switch 9, t = 3.7290: mass 1 reaches v1 = 0 with |g1| = 0.021315 < 0.3 and sticks: both of
// its weights stay positive, z^1 = ((1 + g1/0.3)/2, (1 - g1/0.3)/2).
TEST(StewartLcp, C4MassOneSticks) {
  const double t = 3.72899361235;
  const Vector s{{0.179263434578, 0.379841570450, -0.773772472789, 0.0, -0.0118188688625, -1.58255004702}};
  const double g1 = smooth_acceleration(t, s)[0];
  EXPECT_NEAR(g1, 0.021315, 1e-6);
  const SwitchingLcp lcp = three_mass_lcp(t, s, {{1, 2}, {2}, {2}});
  EXPECT_NEAR(lcp.alpha, 1.4475, 5e-5);

  const Vector mu_tilde{{4.342373, 3.3, 13.967907}};
  for (const Vector& z :
       {LemkeSolver().solve(lcp.problem, tight_options()).z, enumerate_lcp_solutions(lcp.problem, 1e-10).at(0)}) {
    EXPECT_TRUE(IsLcpSolution(lcp.problem, z, 1e-10));
    EXPECT_NEAR(z[0], (1.0 + g1 / 0.3) / 2.0, 1e-10);
    EXPECT_NEAR(z[1], (1.0 - g1 / 0.3) / 2.0, 1e-10);
    EXPECT_NEAR(z[0] - z[1], 0.071050, 1e-6);
    EXPECT_GT(z[1], 0.0);
    EXPECT_NEAR(z[2], 1.0, 1e-10);
    EXPECT_NEAR(z[3], 1.0, 1e-10);
    EXPECT_LE((z.tail(3) - mu_tilde).lpNorm<Eigen::Infinity>(), 1e-6);
    EXPECT_LE(lcp.problem.w(z).lpNorm<Eigen::Infinity>(), 1e-10);  // w = 0, beta = 0
  }
  EXPECT_EQ(enumerate_lcp_solutions(lcp.problem, 1e-10).size(), 1u);
}

}  // namespace
}  // namespace relcp::lcp
