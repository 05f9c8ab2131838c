#include "dcs/problems/dlcp_time_grid.hpp"

#include <algorithm>
#include <cmath>

#include "core/error.hpp"

namespace relcp::dcs {

TimeGrid make_time_grid(double T, double h) {
  if (!std::isfinite(h) || !(h > 0.0)) throw InputError("h", "the step h must be positive");
  if (!std::isfinite(T) || !(T > 0.0)) throw InputError("T", "the final time T must be positive");
  const double ratio = T / h;
  if (ratio > 1e8) throw InputError("h", "T/h exceeds 10^8 steps");
  // A ratio within round-off of an integer is that integer (T = 1, h = 0.1 gives 10 steps).
  const double nearest = std::round(ratio);
  const double steps = std::abs(ratio - nearest) <= 1e-9 * std::max(1.0, ratio) ? nearest : std::ceil(ratio);
  return TimeGrid{h, static_cast<Eigen::Index>(std::max(1.0, steps))};
}

}  // namespace relcp::dcs
