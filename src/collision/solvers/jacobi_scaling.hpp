#pragma once
// Diagonal (Jacobi) preconditioning of the projected-gradient solvers by a change of variables
// (docs/collision.md): with S = diag(s), s_i = 1 / sqrt(A_ii), the LCP in w = S^-1 gamma,
//   0 <= w  _|_  A' w + c' >= 0,   A' = S A S,   c' = S c,
// has unit diagonal and the same solutions (gamma = S w; s > 0 keeps the signs). The generic
// BBPGD / APGD run unchanged on (A', c'); JacobiResidual maps their iterate back to the original
// units before the residual is taken, so the stop rule and the reported residual mean what they
// mean without preconditioning.
//
// With friction cones the scaling keeps them (docs/friction.md, "Jacobi scaling on the cones"):
// a cone's tangential rows share one scale, as do its rolling rows, so the scaled forces lie in
// a cone of the same kind whose coefficients are multiplied by s_n / s_t (s_n / s_r, s_n / s_s).
// The residual is taken on the original cones, through the space in original units.

#include <cmath>
#include <cstddef>
#include <optional>
#include <type_traits>
#include <utility>

#include "collision/linalg/distributed_linear_operator.hpp"
#include "collision/linalg/distributed_vector.hpp"
#include "collision/linalg/distributed_vector_ops.hpp"
#include "lcp/friction/friction_cone.hpp"
#include "lcp/projection/projected_gradient_policies.hpp"

namespace relcp::collision {

// s_i = 1 / sqrt(d_i); 1 where d_i is not positive and finite (a zero row of A).
DistributedVector jacobi_scaling(const DistributedVector& diagonal);

// The scaling above with one scale per group of a cone's rows (tangential, rolling): the inverse
// square root of the group's mean diagonal, 1 where that is not positive and finite.
DistributedVector cone_jacobi_scaling(const DistributedVector& diagonal, const lcp::FrictionCones& cones);

// The cones of the scaled forces w = S^-1 gamma: the same blocks, each coefficient times
// s_normal / s_group. `s` from cone_jacobi_scaling.
lcp::FrictionCones scaled_cones(const lcp::FrictionCones& cones, const DistributedVector& s);

// A' x = S A S x: by the inner operator's own apply_symmetrically_scaled where it has one (the
// contact operator), else by scaling around its apply. Keeps references: `inner` and `s` must
// outlive it. Not a Tpetra operator.
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
  mutable std::optional<DistributedVector> scaled_x_;  // where inner_ cannot fold the scaling
};

// Scratch for JacobiResidual: the original-unit iterate and gradient.
struct JacobiResidualScratch {
  explicit JacobiResidualScratch(const VectorLayout& layout) : gamma(layout), gradient(layout) {}
  DistributedVector gamma;
  DistributedVector gradient;
};

// Scratch for JacobiResidual on cones: 1 / s, so that the residual's one pass multiplies.
struct ConeJacobiResidualScratch : JacobiResidualScratch {
  explicit ConeJacobiResidualScratch(const DistributedVector& s)
      : JacobiResidualScratch(s.layout()), inverse_s(s.layout()) {
    fill(1.0, inverse_s);
    divide(inverse_s, s, inverse_s);
  }
  DistributedVector inverse_s;
};

// The residual policy `Inner` of the original problem evaluated at gamma = S w, g = S^-1 g'
// (g' = A' w + c' the scaled gradient): two elementwise products, no extra reduction. On the
// orthant the solver's space serves (its feasible set does not change under S); with cones the
// space in original units (`OriginalSpace`, whose projections are onto the original cones) does.
template <class Inner, class OriginalSpace = void>
class JacobiResidual {
 public:
  JacobiResidual(Inner inner, const DistributedVector& s, JacobiResidualScratch& scratch)
      : inner_(std::move(inner)), s_(&s), scratch_(&scratch) {}
  JacobiResidual(Inner inner, const DistributedVector& s, ConeJacobiResidualScratch& scratch,
                 const OriginalSpace* original)
      : inner_(std::move(inner)), s_(&s), scratch_(&scratch), inverse_s_(&scratch.inverse_s), original_(original) {}

  template <class Space>
  double merit(const Space& space, const DistributedVector& w, const DistributedVector& g_scaled,
               DistributedVector& work) const {
    if constexpr (std::is_void_v<OriginalSpace>) {
      multiply(*s_, w, scratch_->gamma);
      divide(g_scaled, *s_, scratch_->gradient);
      return inner_.merit(space, scratch_->gamma, scratch_->gradient, work);
    } else if constexpr (std::is_same_v<Inner, lcp::ProjectedGradientInfNorm>) {
      return cone_natural_map_norm_inf(w, g_scaled);
    } else {
      multiply(*s_, w, scratch_->gamma);
      divide(g_scaled, *s_, scratch_->gradient);
      return inner_.merit(*original_, scratch_->gamma, scratch_->gradient, work);
    }
  }

 private:
  // ||gamma - P_K(gamma - g)||_inf at gamma = S w, g = S^-1 g' in one pass over the rows (the
  // default merit, as ConeConstrainedSpace::projected_gradient_norm_inf takes it unscaled).
  double cone_natural_map_norm_inf(const DistributedVector& w, const DistributedVector& g_scaled) const {
    const double* ws = w.local_data();
    const double* gs = g_scaled.local_data();
    const double* ss = s_->local_data();
    const double* inverse = inverse_s_->local_data();
    const double local = original_->cones().max_mapped(
        w.local_size(), [&](std::size_t r) { return ss[r] * ws[r] - gs[r] * inverse[r]; },
        [&](std::size_t r, double projected) { return std::abs(ss[r] * ws[r] - projected); });
    return original_->max_over_ranks(local);
  }

  Inner inner_;
  const DistributedVector* s_;
  JacobiResidualScratch* scratch_;
  const DistributedVector* inverse_s_ = nullptr;
  const OriginalSpace* original_ = nullptr;
};

}  // namespace relcp::collision
