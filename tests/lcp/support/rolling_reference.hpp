#pragma once
// An independent reference for the rolling friction tests (header only): the projection onto a
// rolling cone K = {||r_t|| <= mu r_n} ∩ {||r_r|| <= mu_r r_n} by Dykstra's alternating
// projections onto the two second-order cones (each by coulomb_reference.hpp's geometric
// projection), and Siconos' rolling error written from its definition (docs/friction_lcp.md) on
// a dense W. Shares no code with lcp/friction's rolling cone.

#include <Eigen/Dense>
#include <algorithm>
#include <cfloat>
#include <cmath>

#include "lcp/types.hpp"
#include "support/coulomb_reference.hpp"

namespace relcp::lcp::testing {

using Rolling5 = Eigen::Matrix<double, 5, 1>;

// The projection of x onto the cone {||x_(first, first+1)|| <= mu x_0}, the other rows kept.
inline Rolling5 project_onto_one_cone(double mu, const Rolling5& x, Index first) {
  const Eigen::Vector3d part = reference_cone_projection(mu, Eigen::Vector3d(x[0], x[first], x[first + 1]));
  Rolling5 y = x;
  y[0] = part[0];
  y[first] = part[1];
  y[first + 1] = part[2];
  return y;
}

// Dykstra's algorithm (Boyle and Dykstra 1986): converges to the projection onto the
// intersection of the two closed convex cones.
inline Rolling5 reference_rolling_projection(double mu, double mu_r, const Rolling5& x) {
  Rolling5 current = x, p = Rolling5::Zero(), q = Rolling5::Zero();
  for (int k = 0; k < 200000; ++k) {
    const Rolling5 y = project_onto_one_cone(mu, current + p, 1);
    p = current + p - y;
    const Rolling5 next = project_onto_one_cone(mu_r, y + q, 3);
    q = y + q - next;
    const double moved = (next - current).norm();
    current = next;
    if (moved <= 1e-17 * (1.0 + x.norm()) && k > 2) break;
  }
  return current;
}

// max(||q||, ||r||, ||u||)-relative 2-norm of r - P_K(r - (u + (mu ||u_t|| + mu_r ||u_r||) e_n)).
inline double reference_rolling_error(const DenseMatrix& W, const Vector& q, const Vector& mu, const Vector& mu_r,
                                      const Vector& r) {
  const Vector u = W * r + q;
  double squares = 0.0;
  for (Index c = 0; c < mu.size(); ++c) {
    const Rolling5 rc = r.segment<5>(5 * c);
    Rolling5 modified = u.segment<5>(5 * c);
    modified[0] += mu[c] * std::sqrt(modified[1] * modified[1] + modified[2] * modified[2]) +
                   mu_r[c] * std::sqrt(modified[3] * modified[3] + modified[4] * modified[4]);
    squares += (rc - reference_rolling_projection(mu[c], mu_r[c], rc - modified)).squaredNorm();
  }
  double scale = std::max({q.norm(), r.norm(), u.norm()});
  if (std::abs(scale) <= DBL_EPSILON) scale = 1.0;
  return std::sqrt(squares) / scale;
}

}  // namespace relcp::lcp::testing
