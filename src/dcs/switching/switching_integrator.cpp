#include "dcs/switching/switching_integrator.hpp"

#include <algorithm>
#include <cmath>
#include <iterator>
#include <limits>
#include <stdexcept>
#include <string>

#include "core/bracketed_root.hpp"
#include "core/error.hpp"
#include "dcs/switching/active_set_rhs.hpp"
#include "dcs/switching/counted_system.hpp"
#include "dcs/switching/dormand_prince.hpp"
#include "dcs/switching/step_size_controller.hpp"
#include "dcs/switching/switching_function.hpp"

namespace relcp::dcs {
namespace {

constexpr double kInfinity = std::numeric_limits<double>::infinity();
// Switching points closer together than a few eta, this many in a row, mean the method is stuck.
constexpr int kMaxSwitchesWithoutProgress = 1000;

// I0 = I_eps(x) united with the active set before the switch: at a switching point located to
// eta the term that switched has |h^j_k - h^j_l| = O(eta), which may exceed eps, and the LCP must
// still be offered both its old and its new modes (e.g. to decide between reversal and stick).
ActiveSet merge(const ActiveSet& a, const ActiveSet& b) {
  ActiveSet merged(a.size());
  for (std::size_t term = 0; term < a.size(); ++term) {
    std::set_union(a[term].begin(), a[term].end(), b[term].begin(), b[term].end(), std::back_inserter(merged[term]));
  }
  return merged;
}

class SwitchingRun {
 public:
  SwitchingRun(const DecomposedSystem& system, const TimeSpan& span, const SwitchingOptions& options)
      : system_(system),
        span_(span),
        options_(options),
        eta_(options.resolved_eta()),
        controller_(options.tolerance),
        sampler_(span) {}

  SimulationRecord run(const Vector& x0, const ProgressCallback& progress) {
    t_ = span_.start;
    x_ = x0;
    sampler_.record_until(
        t_, [&](double) { return x_; }, record_.samples);
    active_ = ActiveSet(system_.term_count());
    determine_active_set(/*record_changes=*/false);

    double h = options_.resolved_initial_step();
    while (t_ < span_.end) {
      if (record_.statistics.steps + record_.statistics.rejected_steps >= options_.max_steps) {
        throw RunTimeFailure("switching: more than " + std::to_string(options_.max_steps) +
                             " steps before t = " + std::to_string(span_.end) + " (reached t = " + std::to_string(t_) +
                             "; method.max_steps raises the bound)");
      }
      const double remaining = span_.end - t_;
      const double h_try = h >= remaining ? remaining : h;
      const DormandPrinceStep step(rhs_, t_, x_, xdot_, h_try);
      const double ratio = controller_.error_ratio(step.error_estimate().lpNorm<Eigen::Infinity>(), h_try);
      if (!(ratio <= 1.0)) {
        ++record_.statistics.rejected_steps;
        h = controller_.next_step(h_try, std::isfinite(ratio) ? ratio : 1e10, false);
        check_step_size(h);
        continue;
      }
      ++record_.statistics.steps;
      h = controller_.next_step(h_try, ratio, true);
      finish_step(step);
      if (progress) progress(t_);
    }
    record_.final_time = t_;
    record_.final_state = x_;
    record_.statistics.evaluations = counted_.counts();
    return std::move(record_);
  }

 private:
  // Accepts the step, or cuts it at a switching point inside it.
  void finish_step(const DormandPrinceStep& step) {
    const std::vector<Vector> end_weights = last_weights_;  // from rhs at the step's end point
    const double psi_end = psi(step.end_time(), end_weights, counted_.indicators(step.end_state()));
    if (psi_end < 0.0 && psi_end < psi_) {
      switch_inside(step, psi_end);
      return;
    }
    sampler_.record_until(
        step.end_time(), [&](double t) { return step.state_at(t); }, record_.samples);
    t_ = step.end_time();
    x_ = step.end_state();
    xdot_ = step.end_derivative();
    psi_ = psi_end;
  }

  void switch_inside(const DormandPrinceStep& step, double psi_end) {
    double t_switch = step.end_time();
    if (psi_ > 0.0) {
      const auto psi_along = [&](double t) {
        const Vector x = step.state_at(t);
        return psi(t, active_set_weights(counted_, active_, t, x), counted_.indicators(x));
      };
      double a = t_, psi_a = psi_, b = step.end_time(), psi_b = psi_end;
      while (true) {
        const BracketedRoot bracket = find_bracketed_root(psi_along, a, psi_a, b, psi_b, {.tolerance = eta_});
        t_switch = bracket.nonpositive_side();
        // A zero where psi rises through 0 means an earlier one where it fell: look before it.
        if (bracket.nonpositive_side() >= bracket.positive_side()) break;
        b = bracket.nonpositive_side();
        psi_b = bracket.value_at_nonpositive_side();
      }
    } else {
      // psi was not positive at the step start, so there is no bracket: switch at the step end.
      ++record_.statistics.unbracketed_switches;
    }

    const bool at_end = t_switch >= step.end_time();
    sampler_.record_until(
        t_switch, [&](double t) { return step.state_at(t); }, record_.samples);
    if (restart_time_ < kInfinity && t_switch >= restart_time_ - 2.0 * eta_) {
      ++record_.statistics.restarts;
    }
    note_progress(t_switch);
    t_ = t_switch;
    x_ = at_end ? step.end_state() : step.state_at(t_switch);
    determine_active_set(/*record_changes=*/true);
  }

  // Step 5 of Algorithm 2 at (t_, x_), then the derivative and psi for the new active set.
  void determine_active_set(bool record_changes) {
    const IndicatorValues indicators = counted_.indicators(x_);
    const ActiveSet candidates = merge(epsilon_active_set(indicators, options_.epsilon), active_);
    const ActiveSetChoice choice = choose_active_set(counted_, candidates, t_, x_, options_.lcp);
    record_.statistics.lcp_solves += choice.lcp_solves;
    if (choice.degenerate) ++record_.statistics.degenerate_lcps;
    restart_time_ = choice.chosen_is_ambiguous ? t_ + options_.restart_delay : kInfinity;

    if (record_changes) {
      bool changed = false;
      for (int term = 0; term < system_.term_count(); ++term) {
        if (choice.chosen[term] == active_[term]) continue;
        record_.mode_changes.push_back({t_, term, active_[term], choice.chosen[term]});
        changed = true;
      }
      if (changed) ++record_.statistics.switches;
      record_.statistics.mode_changes = static_cast<std::int64_t>(record_.mode_changes.size());
    }
    active_ = choice.chosen;

    ActiveSetDerivative derivative = active_set_derivative(counted_, active_, t_, x_);
    xdot_ = std::move(derivative.xdot);
    psi_ = psi(t_, derivative.weights, indicators);
  }

  double psi(double t, const std::vector<Vector>& weights, const IndicatorValues& indicators) const {
    return switching_function(active_, weights, indicators, t, restart_time_);
  }

  void note_progress(double t_switch) {
    if (t_switch - last_switch_time_ <= 10.0 * eta_) {
      if (++switches_without_progress_ > kMaxSwitchesWithoutProgress) {
        throw RunTimeFailure("switching: " + std::to_string(kMaxSwitchesWithoutProgress) +
                             " switching points without progress near t = " + std::to_string(t_switch) +
                             " (I = " + to_string(active_) + ")");
      }
    } else {
      switches_without_progress_ = 0;
    }
    last_switch_time_ = t_switch;
  }

  void check_step_size(double h) const {
    if (h < 16.0 * std::numeric_limits<double>::epsilon() * std::max(1.0, std::abs(t_))) {
      throw RunTimeFailure("switching: step size underflow at t = " + std::to_string(t_));
    }
  }

  const DecomposedSystem& system_;
  TimeSpan span_;
  SwitchingOptions options_;
  double eta_;
  StepSizeController controller_;
  TrajectorySampler sampler_;
  CountedSystem counted_{system_};
  SimulationRecord record_;

  double t_ = 0.0;
  Vector x_;
  Vector xdot_;
  ActiveSet active_;
  double psi_ = 0.0;
  double restart_time_ = kInfinity;
  double last_switch_time_ = -kInfinity;
  int switches_without_progress_ = 0;

  // The smooth right-hand side on the current active set; keeps the weights of its last call.
  std::vector<Vector> last_weights_;
  RhsFunction rhs_ = [this](double t, const Vector& x, Vector& xdot) {
    ActiveSetDerivative derivative = active_set_derivative(counted_, active_, t, x);
    xdot = std::move(derivative.xdot);
    last_weights_ = std::move(derivative.weights);
  };
};

}  // namespace

SimulationRecord integrate_switching(const DecomposedSystem& system, const Vector& x0, const TimeSpan& span,
                                     const SwitchingOptions& options, const ProgressCallback& progress) {
  if (x0.size() != system.state_size()) {
    throw std::invalid_argument("integrate_switching: initial state has " + std::to_string(x0.size()) +
                                " entries, the system " + std::to_string(system.state_size()));
  }
  return SwitchingRun(system, span, options).run(x0, progress);
}

}  // namespace relcp::dcs
