#include "lcp/friction/siconos_rolling_error.hpp"

#include <algorithm>
#include <cfloat>
#include <cmath>

namespace relcp::lcp {

RollingLocal rolling_natural_map(double mu, double mu_r, const RollingLocal& r, const RollingLocal& u) {
  RollingLocal shifted = r - u;
  shifted[0] -= mu * std::hypot(u[1], u[2]) + mu_r * std::hypot(u[3], u[4]);
  project_onto_rolling_cone(mu, mu_r, shifted);
  return r - shifted;
}

SiconosFrictionError siconos_rolling_error(const RollingFrictionProblem& problem, const Vector& r, const Vector& u) {
  constexpr Index d = RollingFrictionProblem::kDimension;
  double squares = 0.0;
  for (Index contact = 0; contact < problem.contacts(); ++contact) {
    squares += rolling_natural_map(problem.mu()[contact], problem.mu_r()[contact], r.segment<d>(d * contact),
                                   u.segment<d>(d * contact))
                   .squaredNorm();
  }
  SiconosFrictionError error;
  error.absolute = std::sqrt(squares);
  const double scale = std::max({problem.q().norm(), r.norm(), u.norm()});
  error.scale = std::abs(scale) > DBL_EPSILON ? scale : 1.0;
  return error;
}

double siconos_rolling_error(const RollingFrictionProblem& problem, const Vector& r) {
  return siconos_rolling_error(problem, r, problem.velocity(r)).relative();
}

}  // namespace relcp::lcp
