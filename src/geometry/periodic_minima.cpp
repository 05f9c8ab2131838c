#include "geometry/periodic_minima.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <stdexcept>

#include "core/bracketed_root.hpp"

namespace relcp::geometry {

std::vector<AngleMinimum> periodic_local_minima(const std::function<ValueAndSlope(double)>& f,
                                                const PeriodicMinimaOptions& options) {
  if (options.samples < 3) throw std::invalid_argument("periodic_local_minima: need >= 3 samples");
  const int count = options.samples;
  const double spacing = 2.0 * std::numbers::pi / count;
  std::vector<ValueAndSlope> sampled(static_cast<std::size_t>(count));
  for (int k = 0; k < count; ++k) sampled[static_cast<std::size_t>(k)] = f(k * spacing);

  const auto [lowest, highest] = std::minmax_element(
      sampled.begin(), sampled.end(),
      [](const ValueAndSlope& x, const ValueAndSlope& y) { return x.value < y.value; });
  if (highest->value - lowest->value <= options.flat_tolerance) {
    return {AngleMinimum{0.0, sampled.front().value, 0, true}};
  }

  const auto slope_at = [&f](double angle) { return f(angle).slope; };
  std::vector<AngleMinimum> minima;
  for (int k = 0; k < count; ++k) {
    const ValueAndSlope& left = sampled[static_cast<std::size_t>(k)];
    const ValueAndSlope& right = sampled[static_cast<std::size_t>((k + 1) % count)];
    if (!(left.slope < 0.0 && right.slope >= 0.0)) continue;
    const double lo = k * spacing;
    const BracketedRoot root =
        find_bracketed_root(slope_at, lo, left.slope, lo + spacing, right.slope,
                            {.tolerance = options.angle_tolerance,
                             .max_evaluations = options.max_iterations});
    const double angle = std::fmod(root.x, 2.0 * std::numbers::pi);
    minima.push_back({angle, f(angle).value, root.evaluations, root.converged});
  }
  if (minima.empty()) {
    // The slope never turns from negative to non-negative: the samples are too noisy to trust.
    const auto index = static_cast<double>(lowest - sampled.begin());
    minima.push_back({index * spacing, lowest->value, 0, false});
  }
  std::stable_sort(minima.begin(), minima.end(),
                   [](const AngleMinimum& x, const AngleMinimum& y) { return x.value < y.value; });
  return minima;
}

}  // namespace relcp::geometry
