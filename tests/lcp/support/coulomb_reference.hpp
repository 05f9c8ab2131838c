#pragma once
// An independent reference for the frictional tests (header only): the projection onto a
// friction cone by its geometry, and Siconos' error of the exact Coulomb
// problem written from its definition (docs/friction_lcp.md) on a dense W, sharing no code with
// lcp/friction.

#include <algorithm>
#include <cfloat>
#include <cmath>

#include <Eigen/Dense>

#include "lcp/types.hpp"

namespace relcp::lcp::testing {

// Projection of (n, t) onto K_mu = {||t|| <= mu n}, geometrically: a point inside K_mu stays, a
// point inside the polar cone {mu ||t|| <= -n} goes to 0, and any other point goes to the
// nearest point of the boundary ray in the plane of e_n and t, i.e. (x . g) g with the unit
// generator g = (1, mu t / ||t||) / sqrt(1 + mu^2). mu = 0 is the ray {t = 0, n >= 0}.
inline Eigen::Vector3d reference_cone_projection(double mu, const Eigen::Vector3d& x) {
  if (mu == 0.0) return {std::max(x[0], 0.0), 0.0, 0.0};
  const Eigen::Vector2d t(x[1], x[2]);
  const double norm_t = t.norm();
  if (norm_t <= mu * x[0]) return x;
  if (mu * norm_t <= -x[0]) return Eigen::Vector3d::Zero();
  const Eigen::Vector2d direction = norm_t > 0.0 ? Eigen::Vector2d(t / norm_t) : Eigen::Vector2d(1.0, 0.0);
  const Eigen::Vector3d generator =
      Eigen::Vector3d(1.0, mu * direction[0], mu * direction[1]) / std::sqrt(1.0 + mu * mu);
  return x.dot(generator) * generator;
}

// max(||q||, ||r||, ||u||)-relative 2-norm of r - P_K(r - (u + mu ||u_t|| e_n)), u = W r + q.
inline double reference_siconos_error(const DenseMatrix& W, const Vector& q, const Vector& mu, const Vector& r) {
  const Vector u = W * r + q;
  double squares = 0.0;
  for (Index c = 0; c < mu.size(); ++c) {
    const Eigen::Vector3d rc = r.segment<3>(3 * c);
    Eigen::Vector3d modified = u.segment<3>(3 * c);
    modified[0] += mu[c] * std::sqrt(modified[1] * modified[1] + modified[2] * modified[2]);
    squares += (rc - reference_cone_projection(mu[c], rc - modified)).squaredNorm();
  }
  const double scale = std::max({q.norm(), r.norm(), u.norm()});
  return std::sqrt(squares) / (scale > DBL_EPSILON ? scale : 1.0);
}

}  // namespace relcp::lcp::testing
