#pragma once
// Diagonal (Jacobi) preconditioning of the projected-gradient solvers by a change of variables
// (docs/collision.md): with S = diag(s), s_i = 1 / sqrt(A_ii), the LCP in w = S^-1 gamma,
//   0 <= w  _|_  A' w + c' >= 0,   A' = S A S,   c' = S c,
// has unit diagonal and the same solutions (gamma = S w; s > 0 keeps the signs). The generic
// BBPGD / APGD run unchanged on (A', c'); JacobiResidual maps their iterate back to the original
// units before the residual is taken, so the stop rule and the reported residual mean what they
// mean without preconditioning.

#include <utility>

#include "collision/linalg/distributed_linear_operator.hpp"
#include "collision/linalg/distributed_vector.hpp"
#include "collision/linalg/distributed_vector_ops.hpp"

namespace relcp::collision {

// s_i = 1 / sqrt(d_i); 1 where d_i is not positive and finite (a zero row of A).
DistributedVector jacobi_scaling(const DistributedVector& diagonal);

// A' x = S A S x. Keeps references: `inner` and `s` must outlive it. Not a Tpetra operator.
class JacobiScaledOperator final : public DistributedLinearOperator {
 public:
  JacobiScaledOperator(const DistributedLinearOperator& inner, const DistributedVector& s);
  VectorLayout layout() const override { return inner_.layout(); }
  void apply(const DistributedVector& x, DistributedVector& y) const override;
  // Throws std::logic_error: only the projected-gradient solvers, which never ask, apply it.
  std::shared_ptr<const TpetraOperatorHandle> tpetra() const override;

 private:
  const DistributedLinearOperator& inner_;
  const DistributedVector& s_;
  mutable DistributedVector scaled_x_;
};

// Scratch for JacobiResidual: the original-unit iterate and gradient.
struct JacobiResidualScratch {
  explicit JacobiResidualScratch(const VectorLayout& layout) : gamma(layout), gradient(layout) {}
  DistributedVector gamma;
  DistributedVector gradient;
};

// The residual policy `Inner` of the original problem evaluated at gamma = S w, g = S^-1 g'
// (g' = A' w + c' the scaled gradient): two elementwise products, no extra reduction.
template <class Inner>
class JacobiResidual {
 public:
  JacobiResidual(Inner inner, const DistributedVector& s, JacobiResidualScratch& scratch)
      : inner_(std::move(inner)), s_(&s), scratch_(&scratch) {}

  template <class Space>
  double merit(const Space& space, const DistributedVector& w, const DistributedVector& g_scaled,
               DistributedVector& work) const {
    multiply(*s_, w, scratch_->gamma);
    divide(g_scaled, *s_, scratch_->gradient);
    return inner_.merit(space, scratch_->gamma, scratch_->gradient, work);
  }

 private:
  Inner inner_;
  const DistributedVector* s_;
  JacobiResidualScratch* scratch_;
};

}  // namespace relcp::collision
