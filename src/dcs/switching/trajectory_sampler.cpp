#include "dcs/switching/simulation_record.hpp"

#include <cmath>
#include <limits>

namespace relcp::dcs {

TrajectorySampler::TrajectorySampler(const TimeSpan& span) : start_(span.start), every_(span.output_every) {
  // Output times start + k * every up to the end, allowing for round-off in (end - start) / every.
  const double intervals = (span.end - span.start) / span.output_every;
  count_ = static_cast<std::int64_t>(std::floor(intervals * (1.0 + 1e-12) + 1e-9)) + 1;
}

double TrajectorySampler::next_time() const {
  if (next_ >= count_) return std::numeric_limits<double>::infinity();
  return start_ + static_cast<double>(next_) * every_;
}

void TrajectorySampler::record_until(double until, const std::function<Vector(double)>& state_at,
                                     std::vector<TrajectorySample>& samples) {
  // Tolerate round-off when a step lands on an output time.
  const double slack = 1e-12 * std::max(1.0, std::abs(until));
  while (next_ < count_ && next_time() <= until + slack) {
    const double t = next_time();
    samples.push_back({t, state_at(std::min(t, until))});
    ++next_;
  }
}

}  // namespace relcp::dcs
