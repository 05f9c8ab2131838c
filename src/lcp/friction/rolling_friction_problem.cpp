#include "lcp/friction/rolling_friction_problem.hpp"

#include <cmath>
#include <stdexcept>
#include <string>
#include <utility>

namespace relcp::lcp {
namespace {

void check_coefficients(const Vector& values, const char* name) {
  for (Index i = 0; i < values.size(); ++i) {
    if (!(std::isfinite(values[i]) && values[i] >= 0.0)) {
      throw std::invalid_argument(std::string("RollingFrictionProblem: ") + name + " of contact " +
                                  std::to_string(i + 1) + " must be finite and >= 0");
    }
  }
}

}  // namespace

RollingFrictionProblem::RollingFrictionProblem(LcpProblem local, Vector mu, Vector mu_r)
    : local_(std::move(local)), mu_(std::move(mu)), mu_r_(std::move(mu_r)) {
  if (mu_.size() < 1) throw std::invalid_argument("RollingFrictionProblem: no contact");
  if (mu_r_.size() != mu_.size()) {
    throw std::invalid_argument("RollingFrictionProblem: mu and mu_r must have one value per contact");
  }
  if (local_.size() != kDimension * mu_.size()) {
    throw std::invalid_argument("RollingFrictionProblem: W and q must have 5 rows per contact");
  }
  check_coefficients(mu_, "mu");
  check_coefficients(mu_r_, "mu_r");
}

void RollingFrictionProblem::project_onto_cones(Vector& r) const {
  for (Index contact = 0; contact < contacts(); ++contact) {
    RollingLocal r_i = r.segment<kDimension>(kDimension * contact);
    project_onto_rolling_cone(mu_[contact], mu_r_[contact], r_i);
    r.segment<kDimension>(kDimension * contact) = r_i;
  }
}

}  // namespace relcp::lcp
