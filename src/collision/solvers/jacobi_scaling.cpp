#include "collision/solvers/jacobi_scaling.hpp"

#include <cmath>
#include <stdexcept>
#include <utility>
#include <vector>

namespace relcp::collision {

namespace {

double inverse_square_root_or_one(double d) { return d > 0.0 && std::isfinite(d) ? 1.0 / std::sqrt(d) : 1.0; }

// Gives the rows [first, first + count) the scale of their mean diagonal.
void share_scale(const DistributedVector& diagonal, std::size_t first, std::size_t count, DistributedVector& s) {
  double sum = 0.0;
  for (std::size_t r = first; r < first + count; ++r) sum += diagonal[r];
  const double scale = inverse_square_root_or_one(sum / static_cast<double>(count));
  for (std::size_t r = first; r < first + count; ++r) s[r] = scale;
}

}  // namespace

DistributedVector jacobi_scaling(const DistributedVector& diagonal) {
  DistributedVector s(diagonal.layout());
  for (std::size_t i = 0; i < s.local_size(); ++i) s[i] = inverse_square_root_or_one(diagonal[i]);
  return s;
}

DistributedVector cone_jacobi_scaling(const DistributedVector& diagonal, const lcp::FrictionCones& cones) {
  if (cones.rows() != diagonal.local_size()) {
    throw std::invalid_argument("cone_jacobi_scaling: the cones do not cover the diagonal's rows");
  }
  DistributedVector s = jacobi_scaling(diagonal);
  for (const lcp::FrictionConeBlock& block : cones.blocks()) {
    share_scale(diagonal, block.normal_row + 1, 2, s);
    if (block.resists_rolling()) share_scale(diagonal, block.rolling_row(), 2, s);
  }
  return s;
}

lcp::FrictionCones scaled_cones(const lcp::FrictionCones& cones, const DistributedVector& s) {
  std::vector<lcp::FrictionConeBlock> blocks = cones.blocks();
  for (lcp::FrictionConeBlock& block : blocks) {
    const double normal = s[block.normal_row];
    block.mu *= normal / s[block.normal_row + 1];
    if (block.resists_rolling()) block.rolling *= normal / s[block.rolling_row()];
    if (block.resists_spinning()) block.spinning *= normal / s[block.spinning_row()];
  }
  return lcp::FrictionCones(cones.rows(), std::move(blocks));
}

JacobiScaledOperator::JacobiScaledOperator(const DistributedLinearOperator& inner, const DistributedVector& s)
    : inner_(inner), s_(s) {}

void JacobiScaledOperator::apply(const DistributedVector& x, DistributedVector& y) const {
  if (inner_.apply_symmetrically_scaled(s_, x, y)) return;
  if (!scaled_x_) scaled_x_.emplace(s_.layout());
  multiply(s_, x, *scaled_x_);
  inner_.apply(*scaled_x_, y);
  multiply(s_, y, y);
}

std::shared_ptr<const TpetraOperatorHandle> JacobiScaledOperator::tpetra() const {
  throw std::logic_error("JacobiScaledOperator: no Tpetra operator");
}

}  // namespace relcp::collision
