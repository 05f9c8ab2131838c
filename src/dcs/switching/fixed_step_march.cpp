#include "dcs/switching/fixed_step_march.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace relcp::dcs {

std::int64_t march_fixed_steps(const TimeSpan& span, double h, const std::function<void(double t, double dt)>& step,
                               const std::function<void(double t)>& at_breakpoint) {
  if (!(h > 0.0)) throw std::invalid_argument("march_fixed_steps: h must be positive");
  const double slack = 1e-12 * std::max(1.0, std::abs(span.end));
  std::int64_t steps = 0;
  double t = span.start;
  for (std::int64_t k = 1; t < span.end - slack; ++k) {
    double until = span.start + static_cast<double>(k) * span.output_every;
    if (until > span.end - slack) until = span.end;
    const double length = until - t;
    // The relative slack keeps length = k h (up to round-off in the output times) from
    // rounding up to k + 1 steps.
    const double ratio = length / h;
    const auto count =
        std::max<std::int64_t>(1, static_cast<std::int64_t>(std::ceil(ratio - 1e-9 * std::max(1.0, ratio))));
    const double dt = length / static_cast<double>(count);
    for (std::int64_t i = 0; i < count; ++i) step(t + static_cast<double>(i) * dt, dt);
    steps += count;
    t = until;
    at_breakpoint(t);
  }
  return steps;
}

}  // namespace relcp::dcs
