#pragma once
// The error Siconos numerics reports for a FrictionContact3D solution (its fc3d_compute_error),
// used by every frictional solver here whatever formulation it solved:
//
//   e(r) = || r - P_K(r - (u + mu ||u_t|| e_n)) ||_2 / s,    u = W r + q,
//   s    = max(||q||_2, ||r||_2, ||u||_2), and s = 1 when that is <= DBL_EPSILON,
//
// with P_K the projection onto the product of the cones K_mu_i (for mu_i = 0 the ray n >= 0). The numerator is the
// natural map of the exact Coulomb problem (De Saxce's modified velocity u + mu ||u_t|| e_n), summed in squares over
// the contacts; it vanishes exactly at the Coulomb solutions. It is not the error of the convex relaxation (CCP): a CCP
// solution with sliding contacts has e > 0.

#include "lcp/friction/friction_contact_problem.hpp"
#include "lcp/types.hpp"

namespace relcp::lcp {

struct SiconosFrictionError {
  double absolute = 0.0;  // the 2-norm of the natural map
  double scale = 1.0;     // s
  double relative() const { return absolute / scale; }
};

// From r and its velocity u = W r + q (no product with W).
SiconosFrictionError siconos_friction_error(const FrictionContactProblem& problem, const Vector& r, const Vector& u);
// From r alone (one product with W).
double siconos_friction_error(const FrictionContactProblem& problem, const Vector& r);

}  // namespace relcp::lcp
