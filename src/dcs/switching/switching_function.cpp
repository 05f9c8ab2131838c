#include "dcs/switching/switching_function.hpp"

#include <algorithm>
#include <limits>

namespace relcp::dcs {

double switching_function(const ActiveSet& active, const std::vector<Vector>& weights,
                          const IndicatorValues& indicators, double t, double restart_time) {
  constexpr double kInfinity = std::numeric_limits<double>::infinity();
  double psi = restart_time - t;
  for (std::size_t term = 0; term < active.size(); ++term) {
    psi = std::min(psi, weights[term].minCoeff());

    const std::vector<double>& h = indicators[term];
    double smallest_active = kInfinity;
    for (int mode : active[term]) smallest_active = std::min(smallest_active, h[mode]);
    double smallest_inactive = kInfinity;
    for (std::size_t mode = 0; mode < h.size(); ++mode) {
      if (!std::binary_search(active[term].begin(), active[term].end(), static_cast<int>(mode))) {
        smallest_inactive = std::min(smallest_inactive, h[mode]);
      }
    }
    if (smallest_inactive < kInfinity) psi = std::min(psi, smallest_inactive - smallest_active);
  }
  return psi;
}

}  // namespace relcp::dcs
