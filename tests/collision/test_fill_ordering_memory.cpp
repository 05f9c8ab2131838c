// FillOrderingMemory: the fill-reducing order a CHOLMOD factorization remembers for the next LCP
// of as many directions. A second analysis of a matrix with the same directions keeps the
// remembered METIS order and solves as a fresh analysis does, also with its columns in another
// order (the bodies' order changes from step to step; the column keys name them); one whose
// remembered order would cost more than kOrderingSlack times its flops is ordered afresh; other
// directions ignore the memory.
#include <gtest/gtest.h>

#include <Eigen/Dense>
#include <algorithm>
#include <numeric>
#include <random>
#include <vector>

#include "collision/body_space/cholmod_newton_factorization.hpp"
#include "support/body_space_problems.hpp"

namespace relcp::collision {
namespace {

using testing::random_lcp;

// METIS from one direction on, so that these small LCPs take the remembered-order path.
constexpr Eigen::Index kMetisFromOne = 1;

Eigen::VectorXd solve_once(const BodySpaceLcp& lcp, FillOrderingMemory* memory, const Eigen::VectorXd& rhs) {
  CholmodNewtonFactorization factorization(lcp.jacobian, 0, kMetisFromOne, memory, &lcp.column_keys);
  const Eigen::VectorXd weights = Eigen::VectorXd::Constant(lcp.jacobian.rows(), 3.0);
  const Eigen::VectorXd diagonal = Eigen::VectorXd::Constant(lcp.jacobian.cols(), 0.5);
  EXPECT_TRUE(factorization.factorize(weights, diagonal));
  return factorization.solve(rhs);
}

Eigen::VectorXd dense_solve(const BodySpaceLcp& lcp, const Eigen::VectorXd& rhs) {
  const Eigen::MatrixXd R = Eigen::MatrixXd(lcp.jacobian);
  const Eigen::MatrixXd H = 0.5 * Eigen::MatrixXd::Identity(R.cols(), R.cols()) + 3.0 * R.transpose() * R;
  return H.llt().solve(rhs);
}

TEST(FillOrderingMemory, ASecondLcpOfTheSameDirectionsKeepsTheOrderAndSolvesAlike) {
  const BodySpaceLcp first = random_lcp(40, 90, 3);
  const BodySpaceLcp second = random_lcp(40, 95, 4);  // the same directions, other rows
  const Eigen::VectorXd rhs = Eigen::VectorXd::LinSpaced(first.jacobian.cols(), -1.0, 2.0);
  FillOrderingMemory memory;
  solve_once(first, &memory, rhs);
  EXPECT_EQ(memory.fresh_orderings, 1);
  ASSERT_EQ(memory.order.size(), static_cast<std::size_t>(first.jacobian.cols()));
  EXPECT_GT(memory.flops, 0.0);

  memory.flops *= 100.0;  // generous: the second pattern's fill may differ from the first's
  const Eigen::VectorXd remembered = solve_once(second, &memory, rhs);
  EXPECT_EQ(memory.reused_orderings, 1);
  EXPECT_EQ(memory.fresh_orderings, 1);
  const Eigen::VectorXd fresh = solve_once(second, nullptr, rhs);
  const Eigen::VectorXd exact = dense_solve(second, rhs);
  EXPECT_LT((remembered - exact).lpNorm<Eigen::Infinity>(), 1e-10 * exact.lpNorm<Eigen::Infinity>());
  EXPECT_LT((fresh - exact).lpNorm<Eigen::Infinity>(), 1e-10 * exact.lpNorm<Eigen::Infinity>());
}

// The LCP with its columns shuffled: column j of the result is column source[j] of lcp, and keeps
// that column's key.
BodySpaceLcp shuffled_columns(const BodySpaceLcp& lcp, std::uint64_t seed) {
  std::vector<int> source(static_cast<std::size_t>(lcp.jacobian.cols()));
  std::iota(source.begin(), source.end(), 0);
  std::mt19937_64 rng(seed);
  std::shuffle(source.begin(), source.end(), rng);
  Eigen::PermutationMatrix<Eigen::Dynamic, Eigen::Dynamic, int> move(lcp.jacobian.cols());
  for (std::size_t j = 0; j < source.size(); ++j) move.indices()[source[j]] = static_cast<int>(j);
  BodySpaceLcp out;
  out.jacobian = lcp.jacobian * move.transpose();
  out.mobility.resize(lcp.mobility.size());
  out.column_keys.resize(source.size());
  for (std::size_t j = 0; j < source.size(); ++j) {
    out.mobility[static_cast<Eigen::Index>(j)] = lcp.mobility[source[j]];
    out.column_keys[j] = lcp.column_keys[static_cast<std::size_t>(source[j])];
  }
  out.scale = lcp.scale;
  return out;
}

TEST(FillOrderingMemory, TheOrderFollowsTheDirectionsIntoAnotherColumnOrder) {
  BodySpaceLcp lcp = random_lcp(40, 90, 3);
  for (Eigen::Index c = 0; c < lcp.jacobian.cols(); ++c)
    lcp.column_keys.push_back(1000 + 7 * static_cast<std::uint64_t>(c));
  const BodySpaceLcp shuffled = shuffled_columns(lcp, 11);
  const auto original = static_cast<Eigen::Index>((shuffled.column_keys[5] - 1000) / 7);
  ASSERT_NE(original, 5);
  ASSERT_EQ((Eigen::MatrixXd(shuffled.jacobian).col(5) - Eigen::MatrixXd(lcp.jacobian).col(original)).norm(), 0.0);
  FillOrderingMemory memory;
  solve_once(lcp, &memory, Eigen::VectorXd::Ones(lcp.jacobian.cols()));
  // No slack needed: the same graph in the same elimination order costs the same flops.
  memory.flops /= CholmodNewtonFactorization::kOrderingSlack;
  const Eigen::VectorXd rhs = Eigen::VectorXd::LinSpaced(shuffled.jacobian.cols(), 1.0, 3.0);
  const Eigen::VectorXd solution = solve_once(shuffled, &memory, rhs);
  EXPECT_EQ(memory.reused_orderings, 1);
  EXPECT_EQ(memory.fresh_orderings, 1);
  EXPECT_LT((solution - dense_solve(shuffled, rhs)).lpNorm<Eigen::Infinity>(),
            1e-10 * solution.lpNorm<Eigen::Infinity>());
}

TEST(FillOrderingMemory, AnOrderThatCostsTooMuchIsReplaced) {
  const BodySpaceLcp lcp = random_lcp(40, 90, 3);
  const Eigen::VectorXd rhs = Eigen::VectorXd::Ones(lcp.jacobian.cols());
  FillOrderingMemory memory;
  solve_once(lcp, &memory, rhs);
  const double metis_flops = memory.flops;
  memory.flops = metis_flops / (2.0 * CholmodNewtonFactorization::kOrderingSlack);  // too dear now
  const Eigen::VectorXd solution = solve_once(lcp, &memory, rhs);
  EXPECT_EQ(memory.reused_orderings, 0);
  EXPECT_EQ(memory.fresh_orderings, 2);
  EXPECT_DOUBLE_EQ(memory.flops, metis_flops);  // the same pattern orders the same way
  EXPECT_LT((solution - dense_solve(lcp, rhs)).lpNorm<Eigen::Infinity>(), 1e-10 * solution.lpNorm<Eigen::Infinity>());
}

TEST(FillOrderingMemory, OtherDirectionsIgnoreTheMemory) {
  FillOrderingMemory memory;
  const BodySpaceLcp small = random_lcp(40, 90, 3);
  solve_once(small, &memory, Eigen::VectorXd::Ones(small.jacobian.cols()));
  const BodySpaceLcp larger = random_lcp(50, 110, 5);
  const Eigen::VectorXd rhs = Eigen::VectorXd::Ones(larger.jacobian.cols());
  const Eigen::VectorXd solution = solve_once(larger, &memory, rhs);
  EXPECT_EQ(memory.reused_orderings, 0);
  EXPECT_EQ(memory.fresh_orderings, 2);
  EXPECT_EQ(memory.order.size(), static_cast<std::size_t>(larger.jacobian.cols()));
  EXPECT_LT((solution - dense_solve(larger, rhs)).lpNorm<Eigen::Infinity>(),
            1e-10 * solution.lpNorm<Eigen::Infinity>());
}

}  // namespace
}  // namespace relcp::collision
