#include "dcs/waveform/dlcp_coupled_step.hpp"

#include <Eigen/QR>
#include <algorithm>

namespace relcp::dcs {
namespace {

struct CoupledResidual {
  Vector value;
  double merit = 0.0;  // ||value||^2 / 2
};

}  // namespace

NewtonOutcome solve_coupled_step(const DncpProblem& problem, double t, double h, const Vector& x_prev,
                                 const Vector& g_t, Vector& x, Vector& y, double tolerance) {
  constexpr int kMaxSteps = 100;
  constexpr double kArmijo = 1e-4;
  const Eigen::Index m = x.size();
  const Eigen::Index n = y.size();
  auto evaluate = [&](const Vector& state, const Vector& multipliers) {
    CoupledResidual residual;
    residual.value.resize(m + n);
    residual.value.head(m) = state - x_prev - h * problem.F(t, state, multipliers);
    residual.value.tail(n) = multipliers.cwiseMin(problem.N * state + problem.M * multipliers + g_t);
    residual.merit = 0.5 * residual.value.squaredNorm();
    return residual;
  };

  CoupledResidual current = evaluate(x, y);
  NewtonOutcome outcome;
  DenseMatrix jacobian(m + n, m + n);
  for (;;) {
    outcome.residual = current.value.lpNorm<Eigen::Infinity>();
    if (!(outcome.residual == outcome.residual)) return outcome;
    if (outcome.residual <= tolerance * std::max(1.0, x.lpNorm<Eigen::Infinity>())) {
      outcome.converged = true;
      return outcome;
    }
    if (outcome.iterations == kMaxSteps) return outcome;
    ++outcome.iterations;

    jacobian.topLeftCorner(m, m) = DenseMatrix::Identity(m, m) - h * problem.F_x(t, x, y);
    jacobian.topRightCorner(m, n) = -h * problem.F_y(t, x, y);
    const Vector w = problem.N * x + problem.M * y + g_t;
    for (Eigen::Index i = 0; i < n; ++i) {
      if (y[i] <= w[i]) {
        jacobian.row(m + i).setZero();
        jacobian(m + i, m + i) = 1.0;
      } else {
        jacobian.row(m + i).head(m) = problem.N.row(i);
        jacobian.row(m + i).tail(n) = problem.M.row(i);
      }
    }
    const Vector step = jacobian.completeOrthogonalDecomposition().solve(-current.value);
    if (!step.allFinite()) return outcome;

    double length = 1.0;
    for (;;) {
      const Vector trial_x = x + length * step.head(m);
      const Vector trial_y = y + length * step.tail(n);
      CoupledResidual trial = evaluate(trial_x, trial_y);
      if (trial.merit <= (1.0 - 2.0 * kArmijo * length) * current.merit) {
        x = trial_x;
        y = trial_y;
        current = std::move(trial);
        break;
      }
      length *= 0.5;
      if (length < 1e-12) return outcome;
    }
  }
}

void select_least_norm_multipliers(const DncpProblem& problem, const LeastNormLcp& least_norm, double t,
                                   const Vector& g_t, const Vector& x, Vector& y, double tolerance) {
  const DenseMatrix force = problem.F_y(t, x, y);
  const Vector q = problem.N * x + g_t;
  Vector selected;
  const LcpOutcome outcome = least_norm.solve_with_equality(q, force, force * y, tolerance, selected);
  if (outcome.status == lcp::Status::converged) y = selected;
}

}  // namespace relcp::dcs
