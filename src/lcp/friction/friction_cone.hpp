#pragma once
// The Coulomb friction cone of one contact and the projections onto a product of such cones.
//
// A frictional contact has three consecutive rows: the normal force f_n and two tangential
// forces f_t = (f_t1, f_t2). Its cone is K_mu = {(f_n, f_t) : ||f_t|| <= mu f_n}; mu = 0 leaves
// f_t = 0 and f_n >= 0. Rows outside every cone are plain unilateral rows (f >= 0). The layout of
// a vector of forces is described by FrictionCones: the local index of each cone's normal row,
// ascending, with its coefficient.

#include <cmath>
#include <cstddef>
#include <span>
#include <stdexcept>
#include <vector>

#include "lcp/friction/cone_projection.hpp"

namespace relcp::lcp {

struct FrictionConeBlock {
  std::size_t normal_row = 0;  // the tangential rows follow at normal_row + 1 and + 2
  double mu = 0.0;
};

class FrictionCones {
 public:
  FrictionCones() = default;
  // Throws std::invalid_argument unless the blocks are ascending, non-overlapping, within `rows`
  // and have finite mu >= 0.
  FrictionCones(std::size_t rows, std::vector<FrictionConeBlock> blocks) : rows_(rows), blocks_(std::move(blocks)) {
    std::size_t next_free = 0;
    for (const FrictionConeBlock& block : blocks_) {
      if (block.normal_row < next_free || block.normal_row + 3 > rows_) {
        throw std::invalid_argument("FrictionCones: blocks overlap or leave the rows");
      }
      if (!(std::isfinite(block.mu) && block.mu >= 0.0)) {
        throw std::invalid_argument("FrictionCones: a friction coefficient is negative or not finite");
      }
      next_free = block.normal_row + 3;
    }
  }

  std::size_t rows() const { return rows_; }
  bool empty() const { return blocks_.empty(); }
  const std::vector<FrictionConeBlock>& blocks() const { return blocks_; }

  // values := the projection of values onto the product of the cones and the nonnegative orthant.
  void project(std::span<double> values) const {
    check(values.size());
    std::size_t row = 0;
    for (const FrictionConeBlock& block : blocks_) {
      for (; row < block.normal_row; ++row) values[row] = std::max(values[row], 0.0);
      project_onto_friction_cone(block.mu, values[row], values[row + 1], values[row + 2]);
      row += 3;
    }
    for (; row < values.size(); ++row) values[row] = std::max(values[row], 0.0);
  }

 private:
  void check(std::size_t size) const {
    if (size != rows_) throw std::invalid_argument("FrictionCones: vector size differs from the layout");
  }

  std::size_t rows_ = 0;
  std::vector<FrictionConeBlock> blocks_;
};

}  // namespace relcp::lcp
