#include "lcp/newton/projected_line_search.hpp"

#include <cmath>

namespace relcp::lcp {

LineSearchOutcome projected_armijo_search(const Vector& z, const Vector& dz, double merit0, double slope,
                                          const MeritFunction& merit, Vector& trial, const ArmijoSettings& settings) {
  LineSearchOutcome outcome;
  double tau = 1.0;
  while (true) {
    trial = (z + tau * dz).cwiseMax(0.0);
    outcome.merit = merit(trial);
    outcome.step = tau;
    ++outcome.evaluations;
    // The strict decrease matters once alpha tau slope drops below the round-off of merit0.
    if (outcome.merit <= merit0 + settings.sufficient_decrease * tau * slope && outcome.merit < merit0) {
      outcome.accepted = true;
      return outcome;
    }
    const double next = settings.step_reduction * tau;
    if (!(next >= settings.min_step)) return outcome;
    tau = next;
  }
}

}  // namespace relcp::lcp
