#include "dcs/switching/taubert.hpp"

#include <stdexcept>

#include "dcs/switching/counted_system.hpp"
#include "dcs/switching/fixed_step_march.hpp"

namespace relcp::dcs {
namespace {

class TaubertRhs {
 public:
  explicit TaubertRhs(const DecomposedSystem& system) : counted_(system), term_rhs_(system.state_size()) {}

  const EvaluationCounts& counts() const { return counted_.counts(); }
  const std::vector<int>& last_modes() const { return modes_; }

  // x' = sum_j f^j_{k_j(x)}(t, x), k_j = argmin_k h^j_k(x).
  void operator()(double t, const Vector& x, Vector& xdot) {
    modes_ = selected_modes(counted_.indicators(x));
    xdot.setZero();
    for (std::size_t term = 0; term < modes_.size(); ++term) {
      term_rhs_.setZero();
      counted_.mode_rhs(static_cast<int>(term), modes_[term], t, x, term_rhs_);
      xdot += term_rhs_;
    }
  }

 private:
  CountedSystem counted_;
  Vector term_rhs_;
  std::vector<int> modes_;
};

}  // namespace

SimulationRecord integrate_taubert(const DecomposedSystem& system, const Vector& x0, const TimeSpan& span,
                                   const TaubertOptions& options, const ProgressCallback& progress) {
  if (x0.size() != system.state_size()) {
    throw std::invalid_argument("integrate_taubert: initial state has the wrong size");
  }
  TaubertRhs rhs(system);
  SimulationRecord record;
  TrajectorySampler sampler(span);
  Vector x = x0;
  sampler.record_until(
      span.start, [&](double) { return x; }, record.samples);

  const auto n = x.size();
  Vector k1(n), k2(n), k3(n), k4(n);
  std::vector<int> previous_modes;
  const auto count_mode_changes = [&] {
    const std::vector<int>& modes = rhs.last_modes();  // selected at the step's first stage
    if (!previous_modes.empty()) {
      std::int64_t changed = 0;
      for (std::size_t term = 0; term < modes.size(); ++term) changed += modes[term] != previous_modes[term];
      record.statistics.mode_changes += changed;
      record.statistics.switches += changed > 0;
    }
    previous_modes = modes;
  };

  const auto euler_step = [&](double t, double dt) {
    rhs(t, x, k1);
    count_mode_changes();
    x += dt * k1;
  };
  const auto rk4_step = [&](double t, double dt) {
    rhs(t, x, k1);
    count_mode_changes();
    rhs(t + 0.5 * dt, x + 0.5 * dt * k1, k2);
    rhs(t + 0.5 * dt, x + 0.5 * dt * k2, k3);
    rhs(t + dt, x + dt * k3, k4);
    x += dt / 6.0 * (k1 + 2.0 * k2 + 2.0 * k3 + k4);
  };
  const auto step = [&](double t, double dt) {
    if (options.scheme == TaubertScheme::euler)
      euler_step(t, dt);
    else
      rk4_step(t, dt);
  };
  const auto at_breakpoint = [&](double t) {
    sampler.record_until(
        t, [&](double) { return x; }, record.samples);
    if (progress) progress(t);
  };

  record.statistics.steps = march_fixed_steps(span, options.h, step, at_breakpoint);
  record.statistics.evaluations = rhs.counts();
  record.final_time = span.end;
  record.final_state = x;
  return record;
}

}  // namespace relcp::dcs
