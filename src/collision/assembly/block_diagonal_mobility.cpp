#include "collision/assembly/block_diagonal_mobility.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <stdexcept>
#include <string>

namespace relcp::collision {
namespace {

constexpr std::size_t kParallelThreshold = 2048;

bool has_zero_off_diagonal(const BlockDiagonalMobility::Block& block) {
  BlockDiagonalMobility::Block off_diagonal = block;
  off_diagonal.diagonal().setZero();
  return (off_diagonal.array() == 0.0).all();
}

bool is_finite_and_symmetric(const BlockDiagonalMobility::Block& block) {
  const double size = block.cwiseAbs().maxCoeff();
  return block.allFinite() && (block - block.transpose()).cwiseAbs().maxCoeff() <= 1e-12 * size;
}

}  // namespace

BlockDiagonalMobility::BlockDiagonalMobility(const std::vector<Block>& blocks) : body_count_(blocks.size()) {
  const auto n = static_cast<std::ptrdiff_t>(blocks.size());
  std::ptrdiff_t first_invalid = n;
  bool diagonal = true;
#pragma omp parallel for if (n > static_cast<std::ptrdiff_t>(kParallelThreshold)) schedule(static) \
    reduction(min : first_invalid) reduction(&& : diagonal)
  for (std::ptrdiff_t b = 0; b < n; ++b) {
    const Block& block = blocks[static_cast<std::size_t>(b)];
    if (!is_finite_and_symmetric(block)) first_invalid = std::min(first_invalid, b);
    diagonal = diagonal && has_zero_off_diagonal(block);
  }
  if (first_invalid < n) {
    throw std::invalid_argument("BlockDiagonalMobility: block " + std::to_string(first_invalid) +
                                " is not finite and symmetric");
  }
  diagonal_ = diagonal;
  const std::size_t per_block = diagonal_ ? 6 : 36;
  values_.resize(body_count_ * per_block);
#pragma omp parallel for if (n > static_cast <std::ptrdiff_t>(kParallelThreshold)) schedule(static)
  for (std::ptrdiff_t b = 0; b < n; ++b) {
    const Block& block = blocks[static_cast<std::size_t>(b)];
    double* out = &values_[static_cast<std::size_t>(b) * per_block];
    for (int i = 0; i < 6; ++i) {
      if (diagonal_) {
        out[i] = block(i, i);
        continue;
      }
      for (int j = 0; j < 6; ++j) out[6 * i + j] = block(i, j);
    }
  }
}

BlockDiagonalMobility BlockDiagonalMobility::isotropic(const std::vector<double>& translational,
                                                       const std::vector<double>& rotational) {
  if (translational.size() != rotational.size()) {
    throw std::invalid_argument("BlockDiagonalMobility::isotropic: sizes differ");
  }
  std::vector<Block> blocks(translational.size(), Block::Zero());
  for (std::size_t b = 0; b < blocks.size(); ++b) {
    blocks[b].diagonal() << translational[b], translational[b], translational[b], rotational[b], rotational[b],
        rotational[b];
  }
  return BlockDiagonalMobility(blocks);
}

BlockDiagonalMobility::Block BlockDiagonalMobility::block(std::size_t body) const {
  if (diagonal_) {
    Block block = Block::Zero();
    for (int i = 0; i < 6; ++i) block(i, i) = values_[6 * body + i];
    return block;
  }
  return Eigen::Map<const Eigen::Matrix<double, 6, 6, Eigen::RowMajor>>(&values_[36 * body]);
}

void BlockDiagonalMobility::apply(const double* forces, double* velocities) const {
  const auto bodies = static_cast<std::ptrdiff_t>(body_count_);
  const double* m = values_.data();
  if (diagonal_) {
#pragma omp parallel for schedule(static) if (body_count_ > kParallelThreshold)
    for (std::ptrdiff_t i = 0; i < 6 * bodies; ++i) velocities[i] = m[i] * forces[i];
    return;
  }
#pragma omp parallel for schedule(static) if (body_count_ > kParallelThreshold)
  for (std::ptrdiff_t b = 0; b < bodies; ++b) {
    const double* block = m + 36 * b;
    const double* f = forces + 6 * b;
    double* u = velocities + 6 * b;
    for (int i = 0; i < 6; ++i) {
      double sum = 0.0;
      for (int j = 0; j < 6; ++j) sum += block[6 * i + j] * f[j];
      u[i] = sum;
    }
  }
}

}  // namespace relcp::collision
