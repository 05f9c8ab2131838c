#include "collision/solvers/jacobi_scaling.hpp"

#include <cmath>
#include <stdexcept>

namespace relcp::collision {

DistributedVector jacobi_scaling(const DistributedVector& diagonal) {
  DistributedVector s(diagonal.layout());
  for (std::size_t i = 0; i < s.local_size(); ++i) {
    const double d = diagonal[i];
    s[i] = d > 0.0 && std::isfinite(d) ? 1.0 / std::sqrt(d) : 1.0;
  }
  return s;
}

JacobiScaledOperator::JacobiScaledOperator(const DistributedLinearOperator& inner, const DistributedVector& s)
    : inner_(inner), s_(s), scaled_x_(s.layout()) {}

void JacobiScaledOperator::apply(const DistributedVector& x, DistributedVector& y) const {
  multiply(s_, x, scaled_x_);
  inner_.apply(scaled_x_, y);
  multiply(s_, y, y);
}

std::shared_ptr<const TpetraOperatorHandle> JacobiScaledOperator::tpetra() const {
  throw std::logic_error("JacobiScaledOperator: no Tpetra operator");
}

}  // namespace relcp::collision
