#include "collision/solvers/distributed_minmap_solver.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "collision/linalg/distributed_vector_ops.hpp"
#include "collision/linalg/tpetra_vector_space.hpp"
#include "collision/solvers/belos_masked_solve.hpp"
#include "collision/solvers/distributed_solver_support.hpp"
#include "core/error.hpp"
#include "core/stopwatch.hpp"
#include "lcp/newton/newton_system.hpp"
#include "lcp/projection/projected_gradient_policies.hpp"

namespace relcp::collision {
namespace {

constexpr double kEpsilon = std::numeric_limits<double>::epsilon();
constexpr double kLocalMinimumRatio = 1e-12;
constexpr double kSufficientDecrease = 1e-4;
constexpr double kStepReduction = 0.5;
constexpr double kMinStep = 1e-14;
// Levenberg-Marquardt safeguard: after a failed step the shift becomes
// max(kShiftIncrease mu, kFirstRetryShift scale), at most kMaxShiftRetries times; the line search
// of a step that may still be retried stops at kRetryMinStep instead of kMinStep.
constexpr double kShiftIncrease = 10.0;
constexpr double kFirstRetryShift = 1e-4;
constexpr int kMaxShiftRetries = 7;
constexpr double kRetryMinStep = 1.0 / 1024.0;

// The iterate, its w = A gamma + c, and the pieces of one linearization.
struct NewtonState {
  explicit NewtonState(const VectorLayout& layout)
      : w(layout), H(layout), gradient(layout), rhs(layout), dz(layout), work(layout), trial(layout), trial_w(layout) {}
  DistributedVector w, H, gradient, rhs, dz, work, trial, trial_w;
  std::vector<unsigned char> active;
};

void residual_of(const DistributedLinearOperator& A, const DistributedVector& c, const DistributedVector& z,
                 DistributedVector& w) {
  A.apply(z, w);
  axpy(1.0, c, w);
}

// H = min(z, w), the active mask {w_i < z_i}; returns theta = ||H||^2 / 2.
double linearize(const DistributedVector& z, NewtonState& s) {
  minimum_map(z, s.w, s.H);
  s.active.resize(z.local_size());
  for (std::size_t i = 0; i < z.local_size(); ++i) s.active[i] = s.w[i] < z[i] ? 1 : 0;
  return 0.5 * dot(s.H, s.H);
}

// out = P_A x (masked) or P_F x.
void mask(const DistributedVector& x, const std::vector<unsigned char>& active, bool keep_active,
          DistributedVector& out) {
  for (std::size_t i = 0; i < x.local_size(); ++i) {
    out[i] = (active[i] != 0) == keep_active ? x[i] : 0.0;
  }
}

// grad theta = J^T H = A (P_A H) + P_F H (A symmetric).
void merit_gradient(const DistributedLinearOperator& A, NewtonState& s) {
  mask(s.H, s.active, true, s.work);
  A.apply(s.work, s.gradient);
  for (std::size_t i = 0; i < s.H.local_size(); ++i) {
    if (s.active[i] == 0) s.gradient[i] = s.H[i];
  }
}

// rhs_A = -w_A + (A P_F H)_A, rhs_F = -H_F.
void newton_rhs(const DistributedLinearOperator& A, NewtonState& s) {
  mask(s.H, s.active, false, s.work);
  A.apply(s.work, s.rhs);
  for (std::size_t i = 0; i < s.H.local_size(); ++i) {
    s.rhs[i] = s.active[i] != 0 ? s.rhs[i] - s.w[i] : -s.H[i];
  }
}

// Projected Armijo search (lcp/newton/projected_line_search.hpp, distributed) along s.dz from z, whose
// merit is theta and directional derivative slope < 0; tau halves from 1 down to min_step. On
// success s.trial holds the new iterate and s.trial_w its w.
bool projected_armijo(const DistributedLinearOperator& A, const DistributedVector& c, const DistributedVector& z,
                      double theta, double slope, double min_step, NewtonState& s) {
  for (double tau = 1.0; tau >= min_step; tau *= kStepReduction) {
    combine(1.0, z, tau, s.dz, s.trial);
    project_nonnegative(s.trial);
    residual_of(A, c, s.trial, s.trial_w);
    minimum_map(s.trial, s.trial_w, s.work);
    const double trial_theta = 0.5 * dot(s.work, s.work);
    if (trial_theta <= theta + kSufficientDecrease * tau * slope && trial_theta < theta) return true;
  }
  return false;
}

template <class Residual>
DistributedSolverResult run_minmap(const Residual& residual, const DistributedLcp& problem,
                                   const DistributedSolverOptions& options, const MinMapParameters& parameters) {
  const Stopwatch clock;
  validate_problem(problem, options);
  if (parameters.krylov_max_iterations <= 0) {
    throw InputError("krylov_max_iterations", "must be positive");
  }
  if (!(parameters.regularization >= 0.0 && std::isfinite(parameters.regularization))) {
    throw InputError("minmap_regularization", "must be finite and not negative");
  }
  DistributedSolverResult result;
  const int limit = iteration_limit(options, kDefaultDistributedNewtonIterations);
  const CountingOperator A(problem.A);
  const TpetraVectorSpace space(A, problem.c);
  DistributedVector z = starting_point(problem, options);
  NewtonState s(z.layout());
  residual_of(A, problem.c, z, s.w);
  int krylov_applications = 0;
  double scale = 0.0;            // H_A^T A H_A / H_A^T H_A, the last one defined
  double initial_H_norm = -1.0;  // ||H_0||_2
  double previous_shift = 0.0;   // mu of the last step, 0 after a steepest-descent step

  while (true) {
    const double merit = residual.merit(space, z, s.w, s.work);
    if (result.iterations > 0 && options.record_history) result.history.push_back(merit);
    result.residual = merit;
    if (!std::isfinite(merit)) {
      result.status = lcp::Status::numerical_failure;
      break;
    }
    if (merit <= options.tolerance) {
      result.status = lcp::Status::converged;
      break;
    }
    if (result.iterations >= limit) {
      result.status = lcp::Status::max_iterations;
      break;
    }
    ++result.iterations;

    const double theta = linearize(z, s);
    merit_gradient(A, s);
    const double H_norm = std::sqrt(2.0 * theta);
    if (norm_2(s.gradient) <= kLocalMinimumRatio * H_norm) {
      result.status = lcp::Status::local_minimum;
      break;
    }
    // The scale of A_AA seen by the residual, H_A^T A_AA H_A / H_A^T H_A (s.work = P_A H after
    // merit_gradient), kept from an earlier iteration when H_A = 0 or lies in A's kernel.
    {
      const auto [hah, hh] = lcp::fused_dots(space, {{s.work, s.gradient}, {s.work, s.work}});
      if (hh > 0.0 && hah > 0.0 && std::isfinite(hah)) scale = hah / hh;
    }
    if (initial_H_norm < 0.0) initial_H_norm = H_norm;
    newton_rhs(A, s);
    const double rhs_norm = norm_2(s.rhs);
    // Levenberg-Marquardt shift mu = max(kappa scale min(1, ||H|| / ||H_0||), mu_prev / 10), mu_prev
    // the shift of the previous accepted step: bounded directions on a singular A_AA, and mu -> 0
    // with the residual, so the local rate of Newton's method is kept.
    double shift = std::max(
        parameters.regularization * scale * (initial_H_norm > 0.0 ? std::min(1.0, H_norm / initial_H_norm) : 1.0),
        previous_shift / kShiftIncrease);
    // A failed step (non-finite or non-descent direction, or no Armijo step) is retried with a
    // larger shift, mu <- max(10 mu, 1e-4 scale), up to kMaxShiftRetries times.
    bool accepted = false;
    bool negligible = false;
    for (int retry = 0; retry <= kMaxShiftRetries && !accepted; ++retry) {
      if (retry > 0) {
        if (!(scale > 0.0)) break;
        shift = std::max(kShiftIncrease * shift, kFirstRetryShift * scale);
      }
      fill(0.0, s.dz);
      const KrylovSettings krylov{parameters.krylov,
                                  std::min(1.0, lcp::inexact_newton_tolerance(H_norm) * H_norm / rhs_norm),
                                  parameters.krylov_max_iterations, shift};
      const KrylovOutcome solve = solve_masked_system(A, s.active, s.rhs, s.dz, krylov);
      result.krylov_iterations += solve.iterations;
      krylov_applications += solve.applications;
      const auto [slope, dz_squared] = lcp::fused_dots(space, {{s.gradient, s.dz}, {s.dz, s.dz}});
      if (!std::isfinite(slope) || !std::isfinite(dz_squared)) continue;
      if (retry == 0 && norm_inf(s.dz) <= kEpsilon * std::max(1.0, norm_inf(z))) {
        negligible = true;
        break;
      }
      if (!(slope <= -kEpsilon * dz_squared)) continue;
      const double min_step = retry < kMaxShiftRetries ? kRetryMinStep : kMinStep;
      accepted = projected_armijo(A, problem.c, z, theta, slope, min_step, s);
    }
    previous_shift = accepted ? shift : 0.0;
    if (negligible) {
      result.status = lcp::Status::stagnation;
      break;
    }
    if (!accepted) {
      // Last resort: steepest descent on theta, -grad theta / scale, which is a descent
      // direction whenever grad theta != 0 (checked above).
      combine(scale > 0.0 ? -1.0 / scale : -1.0, s.gradient, 0.0, s.gradient, s.dz);
      const double slope = dot(s.gradient, s.dz);
      if (!std::isfinite(slope)) {
        result.status = lcp::Status::nondescent;
        break;
      }
      accepted = slope < 0.0 && projected_armijo(A, problem.c, z, theta, slope, kMinStep, s);
    }
    if (!accepted) {
      result.status = lcp::Status::stagnation;
      break;
    }
    z.swap(s.trial);
    s.w.swap(s.trial_w);
  }
  result.natural_residual = natural_residual(DistributedLcp{A, problem.c}, z);
  result.operator_applications = A.applications() + krylov_applications;
  result.gamma = std::move(z);
  result.seconds = clock.seconds();
  return result;
}

}  // namespace

DistributedSolverResult DistributedMinMapSolver::solve(const DistributedLcp& problem,
                                                       const DistributedSolverOptions& options) const {
  return with_residual(options,
                       [&](const auto& residual) { return run_minmap(residual, problem, options, parameters_); });
}

}  // namespace relcp::collision
