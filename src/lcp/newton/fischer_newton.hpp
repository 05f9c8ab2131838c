#pragma once
// Fischer-Newton (Erleben 2013, section 5.5): Newton's method on F(z) = phi_FB(z, Mz + q) with
// a generalized Jacobian J = diag(p) + diag(q) M chosen by options.jacobian
// (fischer_jacobian.hpp), the projected Armijo search on theta = ||F||^2 / 2, and the gradient
// direction -J^T F whenever the Newton direction is not a descent direction or its line search
// fails. For n <= options.direct_solve_limit J dz = -F is solved directly: rows with q_i = 0
// (z_i = 0 < w_i, common after the projected steps) are identity rows and are eliminated, and
// the remaining rows R are solved through (M_RR + diag(p_R / q_R)) dz_R = ..., which is
// symmetric positive definite for symmetric PSD M (p_i / q_i >= 0) and so factorized by
// Cholesky (LU when M is not symmetric or Cholesky fails). Above the limit J dz = -F is solved by
// (unpreconditioned) GMRES(100); the approximation strategy is always matrix-free, with
// finite differences J v ~ (F(z + h v) - F(z)) / h, h = sqrt(eps) max(1, ||z||_2) / ||v||_2.
//
// The solver (make_fischer_solver) ends with
//   converged       ||min(z, Mz + q)||_inf <= options.tolerance (natural residual, not phi);
//   local_minimum   ||J^T F||_2 <= 1e-10 max(1, ||M||_inf) ||F||_2 at a non-solution;
//   stagnation      neither the Newton nor the gradient direction gives an Armijo step above
//                   1e-14, or a relative change of theta below options.relative_tolerance;
//   max_iterations  after options.max_iterations steps (default 100).
// merit_history holds theta after each accepted step.

#include <random>
#include <vector>

#include "lcp/newton/gmres.hpp"
#include "lcp/newton/newton_system.hpp"
#include "lcp/problem.hpp"
#include "lcp/solver.hpp"
#include "lcp/types.hpp"

namespace relcp::lcp {

// F and one element of its generalized Jacobian at an iterate, with solves of J dz = rhs.
class FischerLinearization {
 public:
  // symmetric: M is symmetric, which allows the Cholesky path of the direct solve.
  FischerLinearization(const LcpProblem& problem, FischerJacobian strategy, bool symmetric, std::uint64_t seed);

  // w = Mz + q.
  void linearize(const Vector& z, const Vector& w);

  const Vector& map() const { return F_; }  // F = phi_FB(z, w)
  const Vector& p() const { return p_; }
  const Vector& q() const { return q_; }

  // J dz: the selected element, or finite differences for the approximation strategy.
  Vector jacobian_product(const Vector& dz) const;
  // J^T F = grad theta with the selected element (the perturbation element for approximation).
  Vector merit_gradient() const;

  // dz with J dz = rhs: a dense LU when settings.direct (except for the approximation
  // strategy), otherwise GMRES stopped at ||J dz - rhs||_2 <= settings.absolute_tolerance.
  InnerSolveReport solve(const Vector& rhs, Vector& dz, const InnerSolveSettings& settings);

 private:
  Vector analytic_product(const Vector& dz) const;
  Vector finite_difference_product(const Vector& dz) const;
  void solve_direct(const Vector& rhs, Vector& dz);
  InnerSolveReport solve_iterative(const Vector& rhs, Vector& dz, double absolute_tolerance);

  const LcpProblem& problem_;
  FischerJacobian strategy_;
  bool symmetric_;
  std::mt19937_64 random_;
  Vector z_, w_, F_, p_, q_;
  std::vector<Index> reduced_rows_;  // rows with q_i != 0 in the direct solve
  DenseMatrix reduced_matrix_;
  DenseNewtonSolve dense_solve_;
  GmresSolver gmres_;
};

}  // namespace relcp::lcp
