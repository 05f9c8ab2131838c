#pragma once
// The interchangeable parts of the projected-gradient solvers (projected_gradient.hpp):
// residual definitions, step-length rules (BBPGD), restart rules (APGD) and stop rules.
// Each kind is a concept plus the policies that model it; an algorithm is a choice of one policy
// per kind, so BBPGD, APGD and their variants share one code path per algorithm.

#include <concepts>
#include <stdexcept>

#include "lcp/projection/projected_gradient_space.hpp"

namespace relcp::lcp {

// ---- residual definitions -------------------------------------------------------------------
// The merit of a feasible iterate z (z >= 0) whose gradient is g = A z + q; `work` is scratch.
// Each costs one global reduction. All three bound the natural residual ||min(z, g)||_inf from
// above for z >= 0 (docs/lcp_gradient.md), so a merit below a tolerance certifies the natural
// residual too.

template <class R, class Space>
concept ResidualPolicy = ProjectedGradientSpace<Space> &&
    requires(const R& residual, const Space& space, const typename Space::vector_type& z,
             const typename Space::vector_type& g, typename Space::vector_type& work) {
  { residual.merit(space, z, g, work) } -> std::convertible_to<double>;
};

// ||P(z, g)||_inf with the projected gradient P_i = g_i if z_i > 0, min(g_i, 0) if z_i = 0
// (Dai-Fletcher 2005, eq. 2.2). The default of the distributed solvers.
struct ProjectedGradientInfNorm {
  template <ProjectedGradientSpace Space, class V = typename Space::vector_type>
  double merit(const Space& space, const V& z, const V& g, V& work) const {
    if constexpr (NaturalMapNormSpace<Space>) {
      return space.projected_gradient_norm_inf(z, g);
    } else {
      space.projected_gradient(z, g, work);
      return space.norm_inf(work);
    }
  }
};

// ||P(z, g)||_2: the same projected gradient in the Euclidean norm.
struct ProjectedGradientTwoNorm {
  template <ProjectedGradientSpace Space, class V = typename Space::vector_type>
  double merit(const Space& space, const V& z, const V& g, V& work) const {
    space.projected_gradient(z, g, work);
    return space.norm_2(work);
  }
};

// Mazhar et al. 2015: ||(z - max(0, z - h g)) / h||_2, the gradient mapping with a fixed small
// step h (their g_d = 1e-6). Componentwise it equals min(z_i / h, g_i).
class MazharResidual {
 public:
  explicit MazharResidual(double step = 1e-6) : step_(step) {
    // h <= 1 keeps |min(z/h, g)| >= |min(z, g)|: the merit bounds the natural residual.
    if (!(step > 0.0 && step <= 1.0)) throw std::invalid_argument("MazharResidual: step not in (0, 1]");
  }
  double step() const { return step_; }

  template <ProjectedGradientSpace Space, class V = typename Space::vector_type>
  double merit(const Space& space, const V& z, const V& g, V& work) const {
    space.projected_step(z, step_, g, work);
    space.axpby(1.0 / step_, z, -1.0 / step_, work);
    return space.norm_2(work);
  }

 private:
  double step_;
};

// ---- step-length rules (BBPGD) --------------------------------------------------------------
// With s = z_k - z_{k-1} and y = g_k - g_{k-1} (= A s), the next step length after iteration k.
// Called only with s.y > 0 (hence s.s > 0 and y.y > 0): for a positive semidefinite A, s.y <= 0
// means no curvature along s, which the algorithm reports as stagnation. No additive guard on the
// denominators: an absolute guard (SimToolbox adds 10 eps) swamps s.y once |s| ~ 1e-8 and
// collapses the step long before a tight tolerance is met (docs/lcp_gradient.md).

struct BarzilaiBorweinProducts {
  double ss = 0.0;  // s.s
  double sy = 0.0;  // s.y
  double yy = 0.0;  // y.y
};

template <class R>
concept StepLengthRule = requires(const R& rule, int iteration, const BarzilaiBorweinProducts& p) {
  { rule.step_length(iteration, p) } -> std::convertible_to<double>;
};

// BB1 ("long" step) s.s / s.y.
struct BarzilaiBorweinLong {
  double step_length(int, const BarzilaiBorweinProducts& p) const { return p.ss / p.sy; }
};

// BB2 ("short" step) s.y / y.y.
struct BarzilaiBorweinShort {
  double step_length(int, const BarzilaiBorweinProducts& p) const { return p.sy / p.yy; }
};

// Dai-Fletcher / SimToolbox: BB1 after even iterations, BB2 after odd ones.
struct AlternatingBarzilaiBorwein {
  double step_length(int iteration, const BarzilaiBorweinProducts& p) const {
    return iteration % 2 == 0 ? BarzilaiBorweinLong{}.step_length(iteration, p)
                              : BarzilaiBorweinShort{}.step_length(iteration, p);
  }
};

// ---- restart rules (APGD) -------------------------------------------------------------------

// What an accelerated step z -> z+ (taken from the extrapolated point y) looked like.
struct RestartEvidence {
  double gradient_along_step = 0.0;  // g(y) . (z+ - z)
  double objective_change = 0.0;     // f(z+) - f(z), f(z) = z^T A z / 2 + q^T z
};

struct RestartDecision {
  bool restart = false;      // drop the momentum: the next extrapolated point is the iterate
  bool reject_step = false;  // discard z+ and keep z (only together with restart)
};

template <class R>
concept RestartRule = requires(const R& rule, const RestartEvidence& evidence) {
  { rule.decide(evidence) } -> std::same_as<RestartDecision>;
};

// A rule that reads RestartEvidence::objective_change says so (`uses_objective_change = true`);
// APGD computes that evidence only for such rules.
template <class R>
concept UsesObjectiveChange = requires {
  R::uses_objective_change;
}
&&R::uses_objective_change;

// Mazhar et al. 2015 (O'Donoghue-Candes gradient scheme): restart when g(y).(z+ - z) > 0.
struct GradientRestart {
  RestartDecision decide(const RestartEvidence& e) const {
    return {.restart = e.gradient_along_step > 0.0, .reject_step = false};
  }
};

// Monotone variant: a step that raises the objective is rejected and the momentum dropped, so
// the next step is a plain projected-gradient step, which cannot raise the objective.
struct ObjectiveRestart {
  static constexpr bool uses_objective_change = true;
  RestartDecision decide(const RestartEvidence& e) const {
    const bool increased = e.objective_change > 0.0;
    return {.restart = increased, .reject_step = increased};
  }
};

// Plain Nesterov / FISTA momentum, never restarted.
struct NoRestart {
  RestartDecision decide(const RestartEvidence&) const { return {}; }
};

// ---- stop rules ------------------------------------------------------------------------------
// Decides, for the current iterate z with gradient g and policy merit, that it is a solution.

template <class R, class Space>
concept StopRule = ProjectedGradientSpace<Space> &&
    requires(const R& rule, const Space& space, const typename Space::vector_type& z,
             const typename Space::vector_type& g, double merit) {
  { rule.satisfied(space, z, g, merit) } -> std::convertible_to<bool>;
};

// The policy merit is within the tolerance (no extra reduction).
struct MeritWithinTolerance {
  double tolerance = 0.0;
  template <class Space, class V>
  bool satisfied(const Space&, const V&, const V&, double merit) const {
    return merit <= tolerance;
  }
};

}  // namespace relcp::lcp
