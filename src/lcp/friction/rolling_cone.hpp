#pragma once
// One contact's rolling friction cone (the rolling friction model of Acary and co-authors in
// Siconos numerics: RollingFrictionContactProblem, projectionOnRollingCone): a contact owns five
// rows, the normal reaction r_n, the tangential reaction r_t (2) and the rolling moment r_r (2),
//     K = {r : ||r_t|| <= mu r_n  and  ||r_r|| <= mu_r r_n},
// the intersection of two second-order cones, one in (r_n, r_t), one in (r_n, r_r). Its dual
// cone is K* = {y : y_n >= mu ||y_t|| + mu_r ||y_r||} (the sum of the two duals).

#include <Eigen/Core>
#include <cmath>

namespace relcp::lcp {

using RollingLocal = Eigen::Matrix<double, 5, 1>;

// The Euclidean projection of r onto K (in place). Derived from the KKT conditions of
// min ||x - r||^2 / 2 over K: with t = ||r_t|| and m = ||r_r||,
//   - mu t + mu_r m <= -r_n: r is in the polar cone -K*, the projection is 0;
//   - t <= mu r_n and m <= mu_r r_n: r is in K;
//   - else one or both constraints are active, and x keeps the directions of r_t and r_r:
//       both:      x_n = (r_n + mu t + mu_r m) / (1 + mu^2 + mu_r^2), ||x_t|| = mu x_n, ||x_r|| = mu_r x_n,
//                  valid when t >= mu x_n and m >= mu_r x_n (non-negative multipliers);
//       friction:  x_n = (r_n + mu t) / (1 + mu^2), ||x_t|| = mu x_n, x_r = r_r, valid when
//                  t >= mu x_n and m <= mu_r x_n;
//       rolling:   the same with the roles of (mu, r_t) and (mu_r, r_r) swapped.
// The valid case is unique up to rounding (the projection onto a convex set is); when rounding
// leaves none valid, the both-active point, which always lies in K, is taken.
inline void project_onto_rolling_cone(double mu, double mu_r, RollingLocal& r) {
  const double t = std::hypot(r[1], r[2]);
  const double m = std::hypot(r[3], r[4]);
  if (mu * t + mu_r * m <= -r[0]) {
    r.setZero();
    return;
  }
  if (t <= mu * r[0] && m <= mu_r * r[0]) return;
  auto set = [&](double normal, bool scale_tangent, bool scale_rolling) {
    r[0] = normal;
    if (scale_tangent) {
      const double shrink = t > 0.0 ? mu * normal / t : 0.0;
      r[1] *= shrink;
      r[2] *= shrink;
    }
    if (scale_rolling) {
      const double shrink = m > 0.0 ? mu_r * normal / m : 0.0;
      r[3] *= shrink;
      r[4] *= shrink;
    }
  };
  const double friction = (r[0] + mu * t) / (1.0 + mu * mu);
  if (t >= mu * friction && m <= mu_r * friction) return set(friction, true, false);
  const double rolling = (r[0] + mu_r * m) / (1.0 + mu_r * mu_r);
  if (m >= mu_r * rolling && t <= mu * rolling) return set(rolling, false, true);
  set((r[0] + mu * t + mu_r * m) / (1.0 + mu * mu + mu_r * mu_r), true, true);
}

// True when r lies in K up to `slack` (absolute, on both cone inequalities).
inline bool in_rolling_cone(double mu, double mu_r, const RollingLocal& r, double slack = 0.0) {
  return std::hypot(r[1], r[2]) <= mu * r[0] + slack && std::hypot(r[3], r[4]) <= mu_r * r[0] + slack;
}

}  // namespace relcp::lcp
