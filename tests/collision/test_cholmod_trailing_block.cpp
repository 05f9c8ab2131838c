// CholmodNewtonFactorization with trailing directions, the local factorization of the
// substructured Newton solve: the trailing directions sit in the factor's last positions, the
// trailing block L_BB D_B L_BB^T is their Schur complement in H, and the forward and backward
// substitutions compose to H^-1; under both orderings (CAMD, METIS) and after rank-k updates,
// which turn the factor simplicial LDL'.
#include <gtest/gtest.h>

#include <Eigen/Dense>
#include <random>
#include <vector>

#include "collision/body_space/cholmod_newton_factorization.hpp"
#include "support/body_space_problems.hpp"

namespace relcp::collision {
namespace {

using testing::random_c;
using testing::random_lcp;

constexpr Eigen::Index kTrailing = 9;

Eigen::MatrixXd newton_matrix(const BodySpaceLcp& lcp, const Eigen::VectorXd& weights,
                              const Eigen::VectorXd& diagonal) {
  const Eigen::MatrixXd R = Eigen::MatrixXd(lcp.jacobian);
  return Eigen::MatrixXd(diagonal.asDiagonal()) + R.transpose() * weights.asDiagonal() * R;
}

// S = H_BB - H_BI H_II^-1 H_IB for the last kTrailing directions, densely.
Eigen::MatrixXd schur_complement(const Eigen::MatrixXd& H) {
  const Eigen::Index interior = H.rows() - kTrailing;
  const Eigen::MatrixXd coupling = H.bottomLeftCorner(kTrailing, interior);
  return H.bottomRightCorner(kTrailing, kTrailing) -
         coupling * H.topLeftCorner(interior, interior).llt().solve(coupling.transpose());
}

// The trailing block in the trailing directions' own order.
Eigen::MatrixXd trailing_schur(const CholmodNewtonFactorization& factorization) {
  Eigen::MatrixXd lower;
  Eigen::VectorXd diagonal;
  std::vector<Eigen::Index> order;
  factorization.trailing_block(lower, diagonal, order);
  EXPECT_EQ(order.size(), static_cast<std::size_t>(kTrailing));
  const Eigen::MatrixXd in_factor_order = lower * diagonal.asDiagonal() * lower.transpose();
  Eigen::MatrixXd schur(kTrailing, kTrailing);
  for (Eigen::Index i = 0; i < kTrailing; ++i) {
    for (Eigen::Index j = 0; j < kTrailing; ++j) {
      schur(order[static_cast<std::size_t>(i)], order[static_cast<std::size_t>(j)]) = in_factor_order(i, j);
    }
  }
  return schur;
}

class TrailingBlock : public ::testing::TestWithParam<Eigen::Index> {};  // metis_from

TEST_P(TrailingBlock, HoldsTheSchurComplementAndComposesTheSolve) {
  const BodySpaceLcp lcp = random_lcp(30, 60, 5);
  CholmodNewtonFactorization factorization(lcp.jacobian, kTrailing, GetParam());
  std::mt19937_64 rng(8);
  std::uniform_real_distribution<double> uniform(0.0, 1.0);
  Eigen::VectorXd weights(lcp.jacobian.rows()), diagonal(lcp.jacobian.cols());
  for (Eigen::Index r = 0; r < weights.size(); ++r) weights[r] = uniform(rng) < 0.3 ? 0.0 : 10.0 * uniform(rng);
  for (Eigen::Index d = 0; d < diagonal.size(); ++d) diagonal[d] = 0.5 + uniform(rng);
  ASSERT_TRUE(factorization.factorize(weights, diagonal));
  const Eigen::VectorXd rhs = random_c(lcp.jacobian.cols(), 9);

  for (int round = 0; round < 2; ++round) {  // as factorized (supernodal LL'), then after updates (LDL')
    const Eigen::MatrixXd H = newton_matrix(lcp, weights, diagonal);
    const Eigen::MatrixXd expected = schur_complement(H);
    EXPECT_LT((trailing_schur(factorization) - expected).norm(), 1e-10 * expected.norm()) << "round " << round;
    const Eigen::VectorXd x = factorization.backward_solve(factorization.forward_solve(rhs));
    EXPECT_LT((H * x - rhs).norm(), 1e-10 * H.norm() * x.norm()) << "round " << round;

    std::vector<Eigen::Index> changed;
    Eigen::VectorXd next = weights;
    for (Eigen::Index r = 0; r < weights.size(); r += 4) {
      next[r] = weights[r] == 0.0 ? 5.0 : 0.0;
      changed.push_back(r);
    }
    ASSERT_TRUE(factorization.update(changed, weights, next));
    weights = next;
  }
}

INSTANTIATE_TEST_SUITE_P(Orderings, TrailingBlock,
                         ::testing::Values(CholmodNewtonFactorization::kMetisDirections, Eigen::Index{0}),
                         [](const auto& test) { return test.param == 0 ? "metis" : "camd"; });

TEST(TrailingBlock, RefusesMoreTrailingDirectionsThanThereAre) {
  const BodySpaceLcp lcp = random_lcp(5, 8, 2);
  EXPECT_THROW(CholmodNewtonFactorization(lcp.jacobian, lcp.jacobian.cols() + 1), std::invalid_argument);
}

}  // namespace
}  // namespace relcp::collision
