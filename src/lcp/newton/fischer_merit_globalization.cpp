#include "lcp/newton/fischer_merit_globalization.hpp"

#include <limits>

namespace relcp::lcp {
namespace {

constexpr double kEpsilon = std::numeric_limits<double>::epsilon();

}  // namespace

// The Jacobian element only matters at kinks, where phi_i = 0 removes it from the gradient.
FischerMeritGlobalization::FischerMeritGlobalization(const LcpProblem& problem, bool symmetric)
    : linearization_(problem, FischerJacobian::perturbation, symmetric, 1) {}

double FischerMeritGlobalization::merit_at(const Vector& z, const Vector& w) {
  linearization_.linearize(z, w);
  return 0.5 * linearization_.map().squaredNorm();
}

LineSearchOutcome FischerMeritGlobalization::step(const Vector& z, double merit, const Vector& gradient, Vector& dz,
                                                  const MeritFunction& psi, Vector& trial,
                                                  const InnerSolveSettings& inner) {
  const auto search_along = [&](const Vector& direction) {
    LineSearchOutcome outcome;
    if (!direction.allFinite()) return outcome;
    const double slope = gradient.dot(direction);
    if (!(slope <= -kEpsilon * direction.squaredNorm())) return outcome;
    return projected_armijo_search(z, direction, merit, slope, psi, trial);
  };
  LineSearchOutcome outcome = search_along(dz);
  if (outcome.accepted) return outcome;
  InnerSolveSettings settings = inner;
  settings.absolute_tolerance = inexact_newton_tolerance(linearization_.map().norm());
  linearization_.solve(-linearization_.map(), dz, settings);
  outcome = search_along(dz);
  if (outcome.accepted) return outcome;
  dz = -gradient;
  return projected_armijo_search(z, dz, merit, -gradient.squaredNorm(), psi, trial);
}

}  // namespace relcp::lcp
