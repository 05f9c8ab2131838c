#pragma once
// The Fischer-Burmeister globalization of min-map Newton (MinMapGlobalization::fischer_burmeister,
// after the NEWTON_MIN_FBLSA scheme of Siconos numerics). Steps are measured by
// psi = ||phi_FB(z, Mz + q)||^2 / 2 instead of ||min(z, w)||^2 / 2. psi is continuously
// differentiable, so its gradient predicts the decrease along a direction even across the kinks
// w_i = z_i where plain min-map stops with `nondescent`, and -grad psi descends wherever psi is
// not stationary. Directions are tried in turn until one gives a projected Armijo step on psi:
//   1. min-map's Newton direction (the caller's dz), when it descends for psi;
//   2. the Fischer-Newton direction J_FB dz = -phi (Siconos takes it when the min-map system is
//      singular; relcp's min-map solve never fails but returns a least-squares dz there, so
//      this direction is taken whenever the first gives no step);
//   3. -grad psi.

#include "lcp/newton/fischer_newton.hpp"
#include "lcp/newton/newton_system.hpp"
#include "lcp/newton/projected_line_search.hpp"
#include "lcp/problem.hpp"
#include "lcp/types.hpp"

namespace relcp::lcp {

class FischerMeritGlobalization {
 public:
  // symmetric: M is symmetric (allows Cholesky in the Fischer-Newton solve).
  FischerMeritGlobalization(const LcpProblem& problem, bool symmetric);

  // psi at z, w = Mz + q; the gradient below refers to this point.
  double merit_at(const Vector& z, const Vector& w);
  double map_norm() const { return linearization_.map().norm(); }  // ||phi_FB||_2
  Vector gradient() const { return linearization_.merit_gradient(); }

  // A projected Armijo step on psi (`psi` evaluates trial points) from z, the merit and gradient
  // of the last merit_at(): along the first of the directions above that is finite, descends
  // (grad psi^T d <= -eps ||d||^2) and gives a step. dz becomes the direction taken; `trial`
  // holds the last point evaluated. `inner` chooses direct or GMRES for the Fischer-Newton
  // solve, whose GMRES tolerance follows ||phi||.
  LineSearchOutcome step(const Vector& z, double merit, const Vector& gradient, Vector& dz, const MeritFunction& psi,
                         Vector& trial, const InnerSolveSettings& inner);

 private:
  FischerLinearization linearization_;
};

}  // namespace relcp::lcp
