// BlockDiagonalMobility: storage choice, application against Eigen's block products, checks.
#include <gtest/gtest.h>

#include <random>
#include <stdexcept>

#include "collision/assembly/block_diagonal_mobility.hpp"

namespace relcp::collision {
namespace {

using Block = BlockDiagonalMobility::Block;

Block random_spd_block(std::mt19937_64& rng) {
  std::normal_distribution<double> normal;
  Block B;
  for (int i = 0; i < 36; ++i) B.data()[i] = normal(rng);
  Block block = B * B.transpose();
  return 0.5 * (block + block.transpose());
}

Eigen::VectorXd apply(const BlockDiagonalMobility& mobility, const Eigen::VectorXd& forces) {
  Eigen::VectorXd velocities(forces.size());
  mobility.apply(forces.data(), velocities.data());
  return velocities;
}

TEST(BlockDiagonalMobility, FullBlocksActPerBody) {
  std::mt19937_64 rng(3);
  std::vector<Block> blocks;
  for (int b = 0; b < 5; ++b) blocks.push_back(random_spd_block(rng));
  const BlockDiagonalMobility mobility(blocks);
  EXPECT_FALSE(mobility.is_diagonal());
  EXPECT_EQ(mobility.body_count(), 5u);
  EXPECT_EQ(mobility.stored_bytes(), 5 * 36 * sizeof(double));
  const Eigen::VectorXd forces = Eigen::VectorXd::LinSpaced(30, -1.0, 2.0);
  const Eigen::VectorXd velocities = apply(mobility, forces);
  for (int b = 0; b < 5; ++b) {
    EXPECT_LT((velocities.segment<6>(6 * b) - blocks[b] * forces.segment<6>(6 * b)).norm(), 1e-13);
    EXPECT_EQ(mobility.block(b), blocks[b]);
  }
}

TEST(BlockDiagonalMobility, IsotropicDragIsStoredAsDiagonals) {
  const BlockDiagonalMobility mobility = BlockDiagonalMobility::isotropic({0.5, 2.0}, {3.0, 0.25});
  EXPECT_TRUE(mobility.is_diagonal());
  EXPECT_EQ(mobility.stored_bytes(), 2 * 6 * sizeof(double));
  Eigen::VectorXd forces(12);
  forces << 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12;
  Eigen::VectorXd expected(12);
  expected << 0.5, 1, 1.5, 12, 15, 18, 14, 16, 18, 2.5, 2.75, 3;
  EXPECT_EQ(apply(mobility, forces), expected);
  EXPECT_EQ(mobility.block(1).diagonal()(4), 0.25);
}

TEST(BlockDiagonalMobility, ManyBodiesMatchThePerBodyProduct) {
  std::mt19937_64 rng(4);
  std::vector<Block> blocks;
  for (int b = 0; b < 3000; ++b) blocks.push_back(random_spd_block(rng));  // threaded path
  const BlockDiagonalMobility mobility(blocks);
  const Eigen::VectorXd forces = Eigen::VectorXd::Random(6 * 3000);
  const Eigen::VectorXd velocities = apply(mobility, forces);
  for (int b = 0; b < 3000; b += 97) {
    EXPECT_LT((velocities.segment<6>(6 * b) - blocks[b] * forces.segment<6>(6 * b)).norm(), 1e-12);
  }
}

TEST(BlockDiagonalMobility, RefusesNonSymmetricOrNonFiniteBlocks) {
  Block skewed = Block::Identity();
  skewed(0, 4) = 1e-3;
  EXPECT_THROW(BlockDiagonalMobility({skewed}), std::invalid_argument);
  Block not_finite = Block::Identity();
  not_finite(2, 2) = std::numeric_limits<double>::infinity();
  EXPECT_THROW(BlockDiagonalMobility({not_finite}), std::invalid_argument);
  EXPECT_THROW(BlockDiagonalMobility::isotropic({1.0}, {}), std::invalid_argument);
}

}  // namespace
}  // namespace relcp::collision
