#pragma once
// Projected Armijo backtracking (Erleben 2013, section 5.4), shared by the min-map and
// Fischer-Newton methods: trial points are projected onto z >= 0 before the merit is measured.

#include <functional>

#include "lcp/types.hpp"

namespace relcp::lcp {

struct ArmijoSettings {
  double sufficient_decrease = 1e-4;  // alpha in  psi(tau) <= psi(0) + alpha tau slope
  double step_reduction = 0.5;        // beta: tau <- beta tau
  double min_step = 1e-14;            // give up below this step (Erleben's code: tau^2 < 1e-28)
};

struct LineSearchOutcome {
  bool accepted = false;  // a step met the Armijo condition
  double step = 0.0;      // the accepted tau, or the last one tried
  double merit = 0.0;     // merit of the last point evaluated
  int evaluations = 0;
};

// The merit theta of a trial point. It may cache what it computed (for example w = Mz + q) for
// the caller; the last call is always for the point left in `trial`.
using MeritFunction = std::function<double(const Vector& trial)>;

// Tries tau = 1, beta, beta^2, ... and accepts the first tau with
//   merit(max(0, z + tau dz)) <= merit0 + alpha tau slope  and  < merit0
// (the strict decrease keeps a predicted decrease lost to round-off from being accepted), where slope = grad theta(z)^T
// dz is the directional derivative (negative for a descent direction). On return `trial` holds the last point
// evaluated: the accepted one when accepted.
LineSearchOutcome projected_armijo_search(const Vector& z, const Vector& dz, double merit0, double slope,
                                          const MeritFunction& merit, Vector& trial,
                                          const ArmijoSettings& settings = {});

}  // namespace relcp::lcp
