#pragma once
// Primal-dual interior point method for the LCP (ip_lcp.m of Erleben's num4lcp code, which his
// 2013 notes leave out; docs/lcp_newton.md, "Interior point"): Newton steps on the Kojima map
//   F(x, y; gamma) = [Mx - y + q; XYe - gamma e] = 0,
// through the reduced system (M + X^-1 Y) dx = X^-1 c - r, dy = M dx + r, with infeasibility
// r = Mx + q - y. Each iteration factorizes the reduced matrix once and solves twice
// (Mehrotra predictor-corrector): the affine direction (gamma = 0) sets the centring
// sigma = (mu_affine / mu)^3, then the corrector targets gamma = sigma mu with the predictor's
// second-order term. x and y take separate step lengths, each the largest in (0, 1] that keeps
// the fraction clamp(1 - mu, 0.995, 1 - 1e-6) of the distance to the boundary. The reduced
// matrix is factorized directly: Cholesky when M is symmetric (it is then positive definite for
// PSD M), LU otherwise; a sparse LDL^T / LU for sparse M above options.direct_solve_limit.
// Created by make_interior_point_solver (solver_factories.hpp). Deviations from ip_lcp.m are
// listed in docs/lcp_newton.md.
//
// Statuses: converged (natural residual of x), stagnation (both steps negligible, or relative
// change of x^T y below options.relative_tolerance), numerical_failure (singular or non-finite
// system), max_iterations (default 100). merit_history holds x^T y after each step.

#include "lcp/types.hpp"

namespace relcp::lcp {

// Mehrotra's centring parameter sigma = (mu_affine / mu)^3, clamped to [0, 1]: mu = x^T y / n
// now, mu_affine the same after the longest feasible affine-scaling (predictor) step.
double interior_point_centering(double mu, double affine_mu);

// Largest tau in (0, 1] with v + tau dv >= (1 - fraction) v, for v > 0 (fraction to boundary).
double step_to_boundary(const Vector& v, const Vector& dv, double fraction);

}  // namespace relcp::lcp
