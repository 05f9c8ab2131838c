#include "lcp/friction/siconos_friction_error.hpp"

#include <algorithm>
#include <cfloat>
#include <cmath>

#include "lcp/friction/friction_solver_support.hpp"

namespace relcp::lcp {

SiconosFrictionError siconos_friction_error(const FrictionContactProblem& problem, const Vector& r, const Vector& u) {
  double squares = 0.0;
  for (Index contact = 0; contact < problem.contacts(); ++contact) {
    const Index row = FrictionContactProblem::kDimension * contact;
    const double mu = problem.mu()[contact];
    double n = r[row] - u[row] - mu * std::hypot(u[row + 1], u[row + 2]);
    double t1 = r[row + 1] - u[row + 1];
    double t2 = r[row + 2] - u[row + 2];
    friction_detail::project_onto_contact_cone(mu, n, t1, t2);
    const double dn = r[row] - n;
    const double d1 = r[row + 1] - t1;
    const double d2 = r[row + 2] - t2;
    squares += dn * dn + d1 * d1 + d2 * d2;
  }
  SiconosFrictionError error;
  error.absolute = std::sqrt(squares);
  const double scale = std::max({problem.q().norm(), r.norm(), u.norm()});
  error.scale = std::abs(scale) > DBL_EPSILON ? scale : 1.0;
  return error;
}

double siconos_friction_error(const FrictionContactProblem& problem, const Vector& r) {
  return siconos_friction_error(problem, r, problem.velocity(r)).relative();
}

}  // namespace relcp::lcp
