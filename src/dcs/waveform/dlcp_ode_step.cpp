#include "dcs/waveform/dlcp_ode_step.hpp"

#include <Eigen/LU>
#include <algorithm>

namespace relcp::dcs {

NewtonOutcome solve_ode_step(const DncpProblem& problem, double t, double h, const Vector& x_prev, const Vector& y,
                             Vector& z, double tolerance) {
  constexpr int kMaxSteps = 50;
  const Eigen::Index m = x_prev.size();
  auto residual_at = [&](const Vector& point) -> Vector { return point - x_prev - h * problem.F(t, point, y); };
  Vector r = residual_at(z);
  NewtonOutcome outcome;
  for (;;) {
    outcome.residual = r.lpNorm<Eigen::Infinity>();
    if (!(outcome.residual == outcome.residual)) return outcome;  // NaN
    if (outcome.residual <= tolerance * std::max(1.0, z.lpNorm<Eigen::Infinity>())) {
      outcome.converged = true;
      return outcome;
    }
    if (outcome.iterations == kMaxSteps) return outcome;
    ++outcome.iterations;
    const DenseMatrix jacobian = DenseMatrix::Identity(m, m) - h * problem.F_x(t, z, y);
    const Vector step = jacobian.partialPivLu().solve(-r);
    double length = 1.0;
    Vector trial = z + step;
    Vector trial_residual = residual_at(trial);
    while (!(trial_residual.lpNorm<Eigen::Infinity>() < outcome.residual) && length > 1e-10) {
      length *= 0.5;
      trial = z + length * step;
      trial_residual = residual_at(trial);
    }
    if (!(trial_residual.lpNorm<Eigen::Infinity>() < outcome.residual)) return outcome;
    z = trial;
    r = trial_residual;
  }
}

}  // namespace relcp::dcs
