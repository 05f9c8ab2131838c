#pragma once
// The error Siconos numerics reports for a RollingFrictionContact solution (its
// rolling_fc3d_compute_error), reported by every rolling solver here:
//
//   e(r) = || r - P_K(r - (u + (mu ||u_t|| + mu_r ||u_r||) e_n)) ||_2 / s,    u = W r + q,
//   s    = max(||q||_2, ||r||_2, ||u||_2), and s = 1 when that is <= DBL_EPSILON,
//
// with P_K the projection onto the product of the rolling cones (rolling_cone.hpp). The
// numerator is the natural map of the rolling friction law in De Saxce's form, summed in squares
// over the contacts; it vanishes exactly at the solutions. The scale is the one of the FC3D
// error (siconos_friction_error.hpp).

#include "lcp/friction/rolling_friction_problem.hpp"
#include "lcp/friction/siconos_friction_error.hpp"
#include "lcp/types.hpp"

namespace relcp::lcp {

// From r and its velocity u = W r + q (no product with W).
SiconosFrictionError siconos_rolling_error(const RollingFrictionProblem& problem, const Vector& r, const Vector& u);
// From r alone (one product with W).
double siconos_rolling_error(const RollingFrictionProblem& problem, const Vector& r);

// One contact's natural map r - P_K(r - (u + (mu ||u_t|| + mu_r ||u_r||) e_n)).
RollingLocal rolling_natural_map(double mu, double mu_r, const RollingLocal& r, const RollingLocal& u);

}  // namespace relcp::lcp
