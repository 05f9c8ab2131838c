#pragma once
// One contact's rolling friction cone (the rolling friction model of Acary and co-authors in
// Siconos numerics: RollingFrictionContactProblem, projectionOnRollingCone): a contact owns five
// rows, the normal reaction r_n, the tangential reaction r_t (2) and the rolling moment r_r (2),
//     K = {r : ||r_t|| <= mu r_n  and  ||r_r|| <= mu_r r_n},
// the intersection of two second-order cones, one in (r_n, r_t), one in (r_n, r_r). Its dual
// cone is K* = {y : y_n >= mu ||y_t|| + mu_r ||y_r||} (the sum of the two duals).

#include <Eigen/Core>
#include <cmath>

#include "lcp/friction/shared_normal_cones.hpp"

namespace relcp::lcp {

using RollingLocal = Eigen::Matrix<double, 5, 1>;

// The Euclidean projection of r onto K (in place), by shared_normal_cones.hpp.
inline void project_onto_rolling_cone(double mu, double mu_r, RollingLocal& r) {
  const ConeBall balls[] = {{r.data() + 1, 2, mu}, {r.data() + 3, 2, mu_r}};
  project_onto_shared_normal_cones(r[0], balls, 2);
}

// True when r lies in K up to `slack` (absolute, on both cone inequalities).
inline bool in_rolling_cone(double mu, double mu_r, const RollingLocal& r, double slack = 0.0) {
  return std::hypot(r[1], r[2]) <= mu * r[0] + slack && std::hypot(r[3], r[4]) <= mu_r * r[0] + slack;
}

}  // namespace relcp::lcp
