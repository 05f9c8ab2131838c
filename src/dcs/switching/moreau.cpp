#include "dcs/switching/moreau.hpp"

#include <Eigen/LU>
#include <cmath>
#include <memory>
#include <string>

#include "core/error.hpp"
#include "dcs/switching/fixed_step_march.hpp"
#include "dcs/switching/friction_oscillator_system.hpp"
#include "lcp/pivoting/lemke.hpp"
#include "lcp/problem.hpp"

namespace relcp::dcs {
namespace {

// The pieces of the per-step LCP that do not change while h is fixed.
class MoreauStepper {
 public:
  MoreauStepper(const FrictionOscillator& oscillator, double h)
      : oscillator_(oscillator), h_(h), dofs_(oscillator.friction_dofs()) {
    const int n = oscillator.dof_count();
    const auto nf = static_cast<Eigen::Index>(dofs_.size());
    iteration_matrix_.compute(oscillator.mass + h * oscillator.damping + h * h * oscillator.stiffness);
    directions_ = DenseMatrix::Zero(2 * nf, n);  // D
    for (Eigen::Index i = 0; i < nf; ++i) {
      directions_(i, dofs_[i]) = 1.0;
      directions_(nf + i, dofs_[i]) = -1.0;
    }
    const DenseMatrix solved_directions = iteration_matrix_.solve(DenseMatrix(directions_.transpose()));
    lcp_matrix_ = DenseMatrix::Zero(3 * nf, 3 * nf);
    lcp_matrix_.topLeftCorner(2 * nf, 2 * nf) = directions_ * solved_directions;
    for (Eigen::Index i = 0; i < nf; ++i) {
      lcp_matrix_(i, 2 * nf + i) = 1.0;
      lcp_matrix_(nf + i, 2 * nf + i) = 1.0;
      lcp_matrix_(2 * nf + i, i) = -1.0;
      lcp_matrix_(2 * nf + i, nf + i) = -1.0;
    }
  }

  // One step from (q, v) at time t; returns the impulse split lambda via `solve_lcp`.
  template <class SolveLcp>
  void step(double t, Vector& q, Vector& v, SolveLcp&& solve_lcp) const {
    const Vector b = oscillator_.mass * v + h_ * (oscillator_.external_force(t + h_) - oscillator_.stiffness * q);
    Vector impulse_free = iteration_matrix_.solve(b);
    if (!dofs_.empty()) {
      const auto nf = static_cast<Eigen::Index>(dofs_.size());
      Vector q_lcp(3 * nf);
      q_lcp.head(2 * nf) = directions_ * impulse_free;
      for (Eigen::Index i = 0; i < nf; ++i) q_lcp[2 * nf + i] = h_ * oscillator_.friction[dofs_[i]];
      const Vector lambda = solve_lcp(lcp::LcpProblem(lcp_matrix_, q_lcp)).head(2 * nf);
      impulse_free = iteration_matrix_.solve(b + directions_.transpose() * lambda);
    }
    v = impulse_free;
    q += h_ * v;
  }

 private:
  const FrictionOscillator& oscillator_;
  double h_;
  std::vector<int> dofs_;
  Eigen::PartialPivLU<DenseMatrix> iteration_matrix_;  // A = M + h C + h^2 K
  DenseMatrix directions_;                             // D
  DenseMatrix lcp_matrix_;
};

}  // namespace

SimulationRecord integrate_moreau(const FrictionOscillator& oscillator, const TimeSpan& span,
                                  const MoreauOptions& options, const ProgressCallback& progress) {
  oscillator.check_consistent();
  const std::shared_ptr<const lcp::LcpSolver> solver =
      options.solver ? options.solver : std::make_shared<lcp::LemkeSolver>();
  lcp::SolverOptions solver_options;
  solver_options.tolerance = options.lcp_tolerance;
  solver_options.record_history = false;

  SimulationRecord record;
  const auto solve_lcp = [&](const lcp::LcpProblem& problem) -> Vector {
    lcp::SolverResult result = solver->solve(problem, solver_options);
    ++record.statistics.lcp_solves;
    if (result.status != lcp::Status::converged) {
      throw RunTimeFailure("moreau: the friction LCP solver '" + std::string(solver->name()) + "' ended with status " +
                           std::string(lcp::to_string(result.status)));
    }
    return std::move(result.z);
  };

  // Steps are h except where an output interval is not a multiple of h; those get their own.
  std::unique_ptr<MoreauStepper> stepper = std::make_unique<MoreauStepper>(oscillator, options.h);
  double stepper_h = options.h;
  const int n = oscillator.dof_count();
  Vector q = oscillator.q0;
  Vector v = oscillator.v0;
  const auto state = [&](double) {
    Vector x(2 * n);
    x << q, v;
    return x;
  };
  TrajectorySampler sampler(span);
  sampler.record_until(span.start, state, record.samples);

  std::vector<ModeSet> modes;
  const std::vector<int> friction_dofs = oscillator.friction_dofs();
  for (int dof : friction_dofs) {
    modes.push_back(friction_modes_for_velocity(v[dof], options.stuck_velocity));
  }
  const auto step = [&](double t, double dt) {
    if (std::abs(dt - stepper_h) > 1e-10 * stepper_h) {
      stepper = std::make_unique<MoreauStepper>(oscillator, dt);
      stepper_h = dt;
    }
    stepper->step(t, q, v, solve_lcp);
    bool changed = false;
    for (std::size_t term = 0; term < modes.size(); ++term) {
      ModeSet now = friction_modes_for_velocity(v[friction_dofs[term]], options.stuck_velocity);
      if (now == modes[term]) continue;
      record.mode_changes.push_back({t + dt, static_cast<int>(term), modes[term], now});
      modes[term] = std::move(now);
      changed = true;
    }
    record.statistics.switches += changed;
  };
  const auto at_breakpoint = [&](double t) {
    sampler.record_until(t, state, record.samples);
    if (progress) progress(t);
  };
  record.statistics.steps = march_fixed_steps(span, options.h, step, at_breakpoint);
  record.statistics.mode_changes = static_cast<std::int64_t>(record.mode_changes.size());
  record.final_time = span.end;
  record.final_state = state(span.end);
  return record;
}

}  // namespace relcp::dcs
