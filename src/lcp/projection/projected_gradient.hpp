#pragma once
// BBPGD and APGD for the bound-constrained convex QP
//     min_{z >= 0}  f(z) = z^T A z / 2 + q^T z,   A symmetric positive semidefinite,
// which is the LCP 0 <= A z + q  _|_  z >= 0. Written once against the ProjectedGradientSpace
// concept (projected_gradient_space.hpp) and composed from policies
// (projected_gradient_policies.hpp): back end x residual x step or restart rule x stop rule.
// docs/lcp_gradient.md derives the algorithms, counts their reductions and lists deviations.
//
// Both solvers take the iterate z in and out: z on entry is the starting point (projected onto
// z >= 0 first), on return the solver's answer. They never report `converged` unless the stop
// rule accepted the returned iterate.

#include <array>
#include <cmath>
#include <concepts>
#include <optional>
#include <utility>

#include "lcp/projection/projected_gradient_policies.hpp"
#include "lcp/projection/projected_gradient_space.hpp"

namespace relcp::lcp {

struct GradientLimits {
  int max_iterations = 10000;
  double relative_tolerance = 0.0;  // > 0: stagnation when one iteration changes the merit less
};

enum class GradientStop { converged, max_iterations, stagnation, numerical_failure };

struct GradientOutcome {
  GradientStop stop = GradientStop::numerical_failure;
  int iterations = 0;
  double merit = 0.0;  // residual-policy merit of the returned iterate
};

// What an observer sees after each BBPGD iteration, together with the new iterate.
struct BbpgdIteration {
  int iteration = 0;
  double merit = 0.0;        // of the new iterate
  double step_length = 0.0;  // the step that produced it
};

// What an observer sees after each APGD iteration, together with the (possibly unchanged) iterate.
struct ApgdIteration {
  int iteration = 0;
  double merit = 0.0;         // of the current iterate
  double lipschitz = 0.0;     // the accepted Lipschitz estimate L (step 1/L)
  int backtracks = 0;         // doublings of L in this iteration
  bool from_iterate = false;  // the step started at the iterate itself (no momentum)
  bool restarted = false;     // momentum dropped after this step
  bool rejected = false;      // the step was discarded, the iterate is unchanged
};

template <class O, class Info, class V>
concept IterationObserver = std::invocable<O&, const Info&, const V&>;

struct IgnoreIterations {
  template <class Info, class V>
  void operator()(const Info&, const V&) const {}
};

namespace detail {

inline bool merit_stagnated(double previous, double current, double relative_tolerance) {
  return relative_tolerance > 0.0 && std::abs(previous - current) <= relative_tolerance * previous;
}

// The start every algorithm shares: z projected onto z >= 0, g = A z + q and the merit of z.
// Returns the outcome when z already ends the solve (a non-finite merit, or the stop rule accepts
// z), otherwise nothing.
template <class Space, class Residual, class Stop, class V>
std::optional<GradientOutcome> start(const Space& space, const Residual& residual, const Stop& stop, V& z, V& g,
                                     V& work, double& merit) {
  space.project_nonnegative(z);
  compute_gradient(space, z, g);
  merit = residual.merit(space, z, g, work);
  if (!std::isfinite(merit)) return GradientOutcome{GradientStop::numerical_failure, 0, merit};
  if (stop.satisfied(space, z, g, merit)) return GradientOutcome{GradientStop::converged, 0, merit};
  return std::nullopt;
}

}  // namespace detail

// Projected Barzilai-Borwein gradient (Dai-Fletcher 2005 as in SimToolbox's BCQPSolver):
//   z_k = max(0, z_{k-1} - alpha_{k-1} g_{k-1}),  alpha_0 = 1 / ||P(z_0, g_0)||_inf,
//   alpha_k from s = z_k - z_{k-1}, y = g_k - g_{k-1} by the step rule.
// Per iteration: one operator application and two reductions (the merit, and s.s, s.y, y.y
// fused). Stagnation: the iterate stopped moving (s = 0), or s.y <= 0, i.e. no curvature along
// the step: with A positive semidefinite that means the objective is linear along s (a problem
// without solution) or the iteration has reached the rounding level.
template <class Residual = ProjectedGradientInfNorm, StepLengthRule StepRule = AlternatingBarzilaiBorwein>
class BarzilaiBorweinGradient {
 public:
  BarzilaiBorweinGradient() = default;
  explicit BarzilaiBorweinGradient(Residual residual, StepRule step_rule = {})
      : residual_(std::move(residual)), step_rule_(std::move(step_rule)) {}

  template <ProjectedGradientSpace Space, StopRule<Space> Stop, class Observer = IgnoreIterations>
  requires ResidualPolicy<Residual, Space> && IterationObserver<Observer, BbpgdIteration, typename Space::vector_type>
      GradientOutcome solve(const Space& space, typename Space::vector_type& z, const GradientLimits& limits,
                            const Stop& stop, Observer&& observer = {})
  const {
    using V = typename Space::vector_type;
    V g = space.make_vector();
    V work = space.make_vector();
    double merit = 0.0;
    if (const auto done = detail::start(space, residual_, stop, z, g, work, merit)) return *done;

    space.projected_gradient(z, g, work);
    double step_length = 1.0 / space.norm_inf(work);
    if (!std::isfinite(step_length)) return {GradientStop::stagnation, 0, merit};
    if (space.norm_inf(z) > 0.0) {
      // A warm start near the solution has a small projected gradient p, and the step 1/||p||
      // would throw it far away: take the exact (Cauchy) step p.p / p.Ap along p instead.
      V ap = space.make_vector();
      space.apply(work, ap);
      const auto [pp, pap] = fused_dots(space, {{work, work}, {work, ap}});
      if (pap > 0.0 && std::isfinite(pp / pap)) step_length = pp / pap;
    }

    // After each iteration z_next and g_next hold s and y (or, in a space with difference_dots, the
    // previous iterate and gradient); they are overwritten by the next step.
    V z_next = space.make_vector();
    V g_next = space.make_vector();
    for (int k = 1; k <= limits.max_iterations; ++k) {
      space.projected_step(z, step_length, g, z_next);
      compute_gradient(space, z_next, g_next);
      const double previous_merit = merit;
      merit = residual_.merit(space, z_next, g_next, work);
      if constexpr (!DifferenceDotsSpace<Space>) {
        space.axpby(1.0, z_next, -1.0, z);  // z := s
        space.axpby(1.0, g_next, -1.0, g);  // g := y
      }
      space.swap(z, z_next);
      space.swap(g, g_next);
      observer(BbpgdIteration{k, merit, step_length}, std::as_const(z));

      if (!std::isfinite(merit)) return {GradientStop::numerical_failure, k, merit};
      if (stop.satisfied(space, z, g, merit)) return {GradientStop::converged, k, merit};
      if (detail::merit_stagnated(previous_merit, merit, limits.relative_tolerance)) {
        return {GradientStop::stagnation, k, merit};
      }
      const auto [ss, sy, yy] = barzilai_borwein_products(space, z, z_next, g, g_next);
      if (!std::isfinite(ss + sy + yy)) return {GradientStop::numerical_failure, k, merit};
      if (ss == 0.0 || sy <= 0.0) return {GradientStop::stagnation, k, merit};
      step_length = step_rule_.step_length(k, BarzilaiBorweinProducts{ss, sy, yy});
      if (!(std::isfinite(step_length) && step_length > 0.0)) {
        return {GradientStop::numerical_failure, k, merit};
      }
    }
    return {GradientStop::max_iterations, limits.max_iterations, merit};
  }

 private:
  // s.s, s.y and y.y for s = z - z_previous, y = g - g_previous. A space with difference_dots forms
  // them in one pass without writing s and y (the same rounding); otherwise z_previous and
  // g_previous already hold s and y.
  template <ProjectedGradientSpace Space, class V = typename Space::vector_type>
  static std::array<double, 3> barzilai_borwein_products(const Space& space, const V& z, const V& z_previous,
                                                         const V& g, const V& g_previous) {
    if constexpr (DifferenceDotsSpace<Space>) {
      return fused_difference_dots(
          space,
          {{z, &z_previous, z, &z_previous}, {z, &z_previous, g, &g_previous}, {g, &g_previous, g, &g_previous}});
    } else {
      return fused_dots(space, {{z_previous, z_previous}, {z_previous, g_previous}, {g_previous, g_previous}});
    }
  }

  Residual residual_{};
  StepRule step_rule_{};
};

// How APGD adapts its Lipschitz estimate L (step 1/L): doubled until the sufficient-decrease
// test holds, then shrunk once per iteration (Mazhar et al. 2015: 2 and 0.9).
struct LipschitzBacktracking {
  double grow = 2.0;
  double shrink = 0.9;
  int max_backtracks = 60;  // per iteration; more means no progress is possible (stagnation)
};

// Nesterov-accelerated projected gradient with Lipschitz backtracking and adaptive restart
// (Mazhar, Heyn, Negrut, Tasora, ACM TOG 2015, Algorithm 1; SimToolbox solveAPGD):
//   z+ = max(0, y - g(y) / L), accepted when f(z+) <= f(y) + g(y).(z+ - y) + L/2 ||z+ - y||^2,
//   theta+ = theta (sqrt(theta^2 + 4) - theta) / 2, beta = theta (1 - theta) / (theta^2 + theta+),
//   y+ = z+ + beta (z+ - z), or y+ = z+ and theta+ = 1 when the restart rule fires.
// For a quadratic f the acceptance test is exactly d.(g(z+) - g(y)) <= L d.d with d = z+ - y, and
// f(z+) - f(z) = (z+ - z).(g(z+) + g(z)) / 2, which avoids differences of large objective values.
// g(y+) follows from g(z+), g(z) by linearity, so each trial costs one operator application.
// Per iteration (no backtracking): one operator application and two reductions (the six inner
// products of the trial fused, four when the restart rule does not read the objective change, and
// the merit). Returns the converged iterate, or otherwise the
// iterate of smallest merit seen.
template <class Residual = ProjectedGradientInfNorm, RestartRule Restart = GradientRestart>
class AcceleratedProjectedGradient {
 public:
  AcceleratedProjectedGradient() = default;
  explicit AcceleratedProjectedGradient(Residual residual, Restart restart = {},
                                        LipschitzBacktracking backtracking = {})
      : residual_(std::move(residual)), restart_(std::move(restart)), backtracking_(backtracking) {}

  template <ProjectedGradientSpace Space, StopRule<Space> Stop, class Observer = IgnoreIterations>
  requires ResidualPolicy<Residual, Space> && IterationObserver<Observer, ApgdIteration, typename Space::vector_type>
      GradientOutcome solve(const Space& space, typename Space::vector_type& z, const GradientLimits& limits,
                            const Stop& stop, Observer&& observer = {})
  const {
    using V = typename Space::vector_type;
    V g = space.make_vector();
    V work = space.make_vector();
    double merit = 0.0;
    if (const auto done = detail::start(space, residual_, stop, z, g, work, merit)) return *done;

    V best = space.make_vector();
    space.copy(z, best);
    double best_merit = merit;
    const auto give_best = [&](GradientStop reason, int iterations) {
      space.copy(best, z);
      return GradientOutcome{reason, iterations, best_merit};
    };

    V y = space.make_vector();
    V g_y = space.make_vector();
    V z_next = space.make_vector();
    V g_next = space.make_vector();
    V d = space.make_vector();     // z+ - y
    V e = space.make_vector();     // g(z+) - g(y) = A d
    V step = space.make_vector();  // z+ - z
    space.copy(z, y);
    space.copy(g, g_y);
    double lipschitz = initial_lipschitz(space, z, d, e);
    double theta = 1.0;
    bool from_iterate = true;

    for (int k = 1; k <= limits.max_iterations; ++k) {
      // Backtracking: d.e = d^T A d against L d.d, plus what the restart rule needs, fused.
      int backtracks = 0;
      std::array<double, 6> p{};
      for (;;) {
        space.projected_step(y, 1.0 / lipschitz, g_y, z_next);
        compute_gradient(space, z_next, g_next);
        // d = z+ - y, e = g(z+) - g(y) = A d, step = z+ - z.
        if constexpr (DifferenceDotsSpace<Space> && !UsesObjectiveChange<Restart>) {
          // The restart rule does not read f(z+) - f(z): its two products (and the read of g)
          // are left out, a sixth of the pass.
          const auto q = fused_difference_dots(space, {{z_next, &y, g_next, &g_y},
                                                       {z_next, &y, z_next, &y},
                                                       {g_y, nullptr, z_next, &z},
                                                       {z_next, &z, z_next, &z}});
          p = {q[0], q[1], q[2], 0.0, 0.0, q[3]};
        } else if constexpr (DifferenceDotsSpace<Space>) {
          p = fused_difference_dots(space, {{z_next, &y, g_next, &g_y},
                                            {z_next, &y, z_next, &y},
                                            {g_y, nullptr, z_next, &z},
                                            {z_next, &z, g_next, nullptr},
                                            {z_next, &z, g, nullptr},
                                            {z_next, &z, z_next, &z}});
        } else {
          space.combine(1.0, z_next, -1.0, y, d);
          space.combine(1.0, g_next, -1.0, g_y, e);
          space.combine(1.0, z_next, -1.0, z, step);
          p = fused_dots(space, {{d, e}, {d, d}, {g_y, step}, {step, g_next}, {step, g}, {step, step}});
        }
        if (!std::isfinite(p[0]) || !std::isfinite(p[1])) {
          return give_best(GradientStop::numerical_failure, k);
        }
        if (p[0] <= lipschitz * p[1]) break;
        lipschitz *= backtracking_.grow;
        if (++backtracks > backtracking_.max_backtracks) return give_best(GradientStop::stagnation, k);
      }
      const double dd = p[1];
      const double step_squared = p[5];
      const RestartDecision decision =
          restart_.decide(RestartEvidence{.gradient_along_step = p[2], .objective_change = 0.5 * (p[3] + p[4])});
      const bool stepped_from_iterate = from_iterate;

      if (decision.reject_step) {
        space.copy(z, y);
        space.copy(g, g_y);
        theta = 1.0;
        from_iterate = true;
        observer(ApgdIteration{k, merit, lipschitz, backtracks, stepped_from_iterate, true, true}, std::as_const(z));
        // A plain projected-gradient step cannot raise f; if it did, only rounding is left.
        if (stepped_from_iterate) return give_best(GradientStop::stagnation, k);
        lipschitz *= backtracking_.shrink;
        continue;
      }

      const double previous_merit = merit;
      merit = residual_.merit(space, z_next, g_next, work);
      const double theta_next = 0.5 * theta * (std::sqrt(theta * theta + 4.0) - theta);
      const double beta = theta * (1.0 - theta) / (theta * theta + theta_next);
      if (decision.restart) {
        space.copy(z_next, y);
        space.copy(g_next, g_y);
        theta = 1.0;
        from_iterate = true;
      } else {
        space.combine(1.0 + beta, z_next, -beta, z, y);
        space.combine(1.0 + beta, g_next, -beta, g, g_y);
        theta = theta_next;
        from_iterate = beta == 0.0;
      }
      space.swap(z, z_next);
      space.swap(g, g_next);
      observer(ApgdIteration{k, merit, lipschitz, backtracks, stepped_from_iterate, decision.restart, false},
               std::as_const(z));

      if (!std::isfinite(merit)) return give_best(GradientStop::numerical_failure, k);
      if (stop.satisfied(space, z, g, merit)) return {GradientStop::converged, k, merit};
      if (merit < best_merit) {
        space.copy(z, best);
        best_merit = merit;
      }
      // z+ = y = z: a fixed point of the projected-gradient map that the stop rule rejects.
      if (dd == 0.0 && step_squared == 0.0) return give_best(GradientStop::stagnation, k);
      if (detail::merit_stagnated(previous_merit, merit, limits.relative_tolerance)) {
        return give_best(GradientStop::stagnation, k);
      }
      lipschitz *= backtracking_.shrink;
    }
    return give_best(GradientStop::max_iterations, limits.max_iterations);
  }

 private:
  // Mazhar et al.: L_0 = ||A (z_0 - 1)||_2 / ||z_0 - 1||_2, or 1 when that is 0 or undefined.
  // One operator application and one reduction; `d` and `e` are scratch.
  template <ProjectedGradientSpace Space, class V = typename Space::vector_type>
  static double initial_lipschitz(const Space& space, const V& z, V& d, V& e) {
    space.fill(-1.0, d);
    space.axpy(1.0, z, d);
    space.apply(d, e);
    const auto [ee, dd] = fused_dots(space, {{e, e}, {d, d}});
    const double estimate = std::sqrt(ee / dd);
    return std::isfinite(estimate) && estimate > 0.0 ? estimate : 1.0;
  }

  Residual residual_{};
  Restart restart_{};
  LipschitzBacktracking backtracking_{};
};

}  // namespace relcp::lcp
