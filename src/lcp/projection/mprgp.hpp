#pragma once
// MPRGP, Dostal's modified proportioning with reduced gradient projections (Dostal and
// Schoeberl, Comput. Optim. Appl. 30, 2005; Dostal, "Optimal Quadratic Programming Algorithms",
// Springer 2009, ch. 8), for the same bound-constrained convex QP as projected_gradient.hpp:
//     min_{z >= 0}  f(z) = z^T A z / 2 + q^T z,   i.e. the LCP 0 <= A z + q  _|_  z >= 0.
// Conjugate gradients run on the free set F = {i : z_i > 0} while the iterate is proportional;
// an expansion step (a projected gradient step of fixed length alpha_bar) adds rows to the active
// set when CG would leave the feasible set, and a proportioning step along the chopped gradient
// frees rows when the gradient on the active set dominates. With the free gradient phi, the
// chopped gradient beta and the reduced free gradient phi~ (phi~_i = min(z_i / alpha_bar, phi_i)
// on F), the iterate is proportional when ||beta||^2 <= Gamma^2 phi~.phi.
// Where BBPGD needs a number of iterations that grows with the condition number of A, CG on the
// free set needs one that grows with its square root (docs/lcp_mprgp.md).
//
// Per iteration: one operator application (two in an expansion step) and at most four reductions:
// the CG coefficients <g, p>, <p, Ap>; the feasible step length; the merit; and the next
// proportionality test fused with the next CG direction's coefficient <phi, Ap>.
// alpha_bar = 1 / lambda, lambda a power-iteration estimate of ||A||_2 (kPowerIterations
// applications before the first iteration); any alpha_bar in (0, 2 / ||A||] keeps the expansion
// step a descent step, so the estimate may be low by up to a factor 2.
//
// The gradient is updated by recurrence (g -= alpha A p). Before the stop rule may accept an
// iterate, g is recomputed as A z + q, so rounding in the recurrence cannot end the solve early.

#include <cmath>
#include <concepts>
#include <limits>
#include <utility>

#include "lcp/projection/projected_gradient.hpp"
#include "lcp/projection/projected_gradient_policies.hpp"
#include "lcp/projection/projected_gradient_space.hpp"

namespace relcp::lcp {

// The kernels MPRGP needs beyond ProjectedGradientSpace. All local except max_feasible_step,
// which is one global reduction (a minimum).
template <class S>
concept BoundConstrainedSpace = ProjectedGradientSpace<S> &&
    requires(const S& space, typename S::vector_type& out, const typename S::vector_type& x,
             const typename S::vector_type& y, double a) {
  space.free_gradient(x, y, out);             // out_i = y_i if x_i > 0, else 0
  space.chopped_gradient(x, y, out);          // out_i = min(y_i, 0) if x_i <= 0, else 0
  space.reduced_free_gradient(x, y, a, out);  // out_i = min(x_i / a, y_i) if x_i > 0, else 0
  // sup {t >= 0 : x - t y >= 0} for x >= 0: min over y_i > 0 of x_i / y_i, +infinity if none.
  { space.max_feasible_step(x, y) } -> std::convertible_to<double>;
};

enum class MprgpStep { conjugate_gradient, expansion, proportioning };

// What an observer sees after each MPRGP iteration, together with the new iterate.
struct MprgpIteration {
  int iteration = 0;
  double merit = 0.0;  // of the new iterate
  MprgpStep step = MprgpStep::conjugate_gradient;
};

struct MprgpParameters {
  double proportioning = 1.0;  // Gamma > 0 (Dostal's usual choice 1)
  int power_iterations = 10;   // for the estimate of ||A||_2 behind alpha_bar
};

template <class Residual = ProjectedGradientInfNorm>
class Mprgp {
 public:
  Mprgp() = default;
  explicit Mprgp(Residual residual, MprgpParameters parameters = {})
      : residual_(std::move(residual)), parameters_(parameters) {}

  template <BoundConstrainedSpace Space, StopRule<Space> Stop, class Observer = IgnoreIterations>
  requires ResidualPolicy<Residual, Space> && IterationObserver<Observer, MprgpIteration, typename Space::vector_type>
      GradientOutcome solve(const Space& space, typename Space::vector_type& z, const GradientLimits& limits,
                            const Stop& stop, Observer&& observer = {})
  const {
    using V = typename Space::vector_type;
    V g = space.make_vector();
    V work = space.make_vector();
    double merit = 0.0;
    if (const auto done = detail::start(space, residual_, stop, z, g, work, merit)) return *done;

    V p = space.make_vector();   // CG direction, zero outside the free set when it is reset
    V ap = space.make_vector();  // A p, or A d in a proportioning step
    V phi = space.make_vector();
    V chopped = space.make_vector();
    V reduced = space.make_vector();
    const double alpha_bar = 1.0 / largest_eigenvalue_estimate(space, p, ap);
    const double gamma_squared = parameters_.proportioning * parameters_.proportioning;
    // The gradients of the iterate and their proportionality products ||beta||^2 and phi~.phi,
    // fused with <phi, ap> (the CG coefficient) into one reduction.
    double beta_beta = 0.0;
    double reduced_phi = 0.0;
    const auto split_gradient = [&]() {
      space.free_gradient(z, g, phi);
      space.chopped_gradient(z, g, chopped);
      space.reduced_free_gradient(z, g, alpha_bar, reduced);
      const auto [phi_ap, bb, rp] = fused_dots(space, {{phi, ap}, {chopped, chopped}, {reduced, phi}});
      beta_beta = bb;
      reduced_phi = rp;
      return phi_ap;
    };
    split_gradient();
    space.copy(phi, p);

    for (int k = 1; k <= limits.max_iterations; ++k) {
      MprgpStep kind = MprgpStep::proportioning;
      if (beta_beta <= gamma_squared * reduced_phi) {
        space.apply(p, ap);
        const auto [gp, pap] = fused_dots(space, {{g, p}, {p, ap}});
        if (!std::isfinite(gp + pap)) return {GradientStop::numerical_failure, k, merit};
        if (!(pap > 0.0)) return {GradientStop::stagnation, k, merit};
        const double cg_step = gp / pap;
        const double feasible_step = space.max_feasible_step(z, p);
        if (cg_step <= feasible_step) {
          kind = MprgpStep::conjugate_gradient;
          space.axpy(-cg_step, p, z);
          space.project_nonnegative(z);  // only rounding at cg_step == feasible_step
          space.axpy(-cg_step, ap, g);
          const double beta = split_gradient() / pap;
          space.axpby(1.0, phi, -beta, p);
        } else {
          kind = MprgpStep::expansion;
          space.axpy(-feasible_step, p, z);
          space.project_nonnegative(z);
          space.axpy(-feasible_step, ap, g);
          space.free_gradient(z, g, phi);
          space.projected_step(z, alpha_bar, phi, work);
          space.swap(z, work);
          compute_gradient(space, z, g);
          split_gradient();
          space.copy(phi, p);
        }
      } else {
        space.apply(chopped, ap);
        const auto [gd, dad] = fused_dots(space, {{g, chopped}, {chopped, ap}});
        if (!std::isfinite(gd + dad)) return {GradientStop::numerical_failure, k, merit};
        if (!(dad > 0.0)) return {GradientStop::stagnation, k, merit};
        // beta <= 0 on the active set: z - (gd / dad) beta >= 0 for any gd / dad >= 0.
        const double step = gd / dad;
        space.axpy(-step, chopped, z);
        space.axpy(-step, ap, g);
        split_gradient();
        space.copy(phi, p);
      }

      const double previous_merit = merit;
      merit = residual_.merit(space, z, g, work);
      bool accepted = std::isfinite(merit) && stop.satisfied(space, z, g, merit);
      if (accepted) {
        compute_gradient(space, z, g);
        merit = residual_.merit(space, z, g, work);
        accepted = stop.satisfied(space, z, g, merit);
        if (!accepted) {  // the recurrence drifted: restart CG from the true gradient
          split_gradient();
          space.copy(phi, p);
        }
      }
      observer(MprgpIteration{k, merit, kind}, std::as_const(z));
      if (!std::isfinite(merit)) return {GradientStop::numerical_failure, k, merit};
      if (accepted) return {GradientStop::converged, k, merit};
      if (detail::merit_stagnated(previous_merit, merit, limits.relative_tolerance)) {
        return {GradientStop::stagnation, k, merit};
      }
    }
    return {GradientStop::max_iterations, limits.max_iterations, merit};
  }

 private:
  // ||A v|| / ||v|| after power iterations from v = 1: a lower bound of ||A||_2. `v` and `av` are
  // scratch. 1 when A vanishes (any step length is then a descent step).
  template <ProjectedGradientSpace Space, class V = typename Space::vector_type>
  double largest_eigenvalue_estimate(const Space& space, V& v, V& av) const {
    space.fill(1.0, v);
    double estimate = 0.0;
    for (int i = 0; i < parameters_.power_iterations; ++i) {
      space.apply(v, av);
      const auto [vv, ww] = fused_dots(space, {{v, v}, {av, av}});
      if (!(vv > 0.0) || !(ww > 0.0) || !std::isfinite(ww)) break;
      estimate = std::sqrt(ww / vv);
      space.copy(av, v);
      space.scale(1.0 / std::sqrt(ww), v);
    }
    return estimate > 0.0 ? estimate : 1.0;
  }

  Residual residual_{};
  MprgpParameters parameters_{};
};

}  // namespace relcp::lcp
