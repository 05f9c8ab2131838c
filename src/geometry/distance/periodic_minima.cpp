#include "geometry/distance/periodic_minima.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <optional>
#include <stdexcept>

#include "core/bracketed_root.hpp"

namespace relcp::geometry {
namespace {

// The samples of the full grid, taken only where the pruning lets the search look.
class SampleGrid {
 public:
  SampleGrid(const std::function<ValueAndSlope(double)>& f, const PeriodicMinimaOptions& options)
      : f_(f),
        options_(options),
        spacing_(2.0 * std::numbers::pi / options.samples),
        samples_(static_cast<std::size_t>(options.samples)) {}

  int count() const { return options_.samples; }
  double spacing() const { return spacing_; }
  bool taken(int k) const { return samples_[index(k)].has_value(); }

  const ValueAndSlope& at(int k) {
    std::optional<ValueAndSlope>& sample = samples_[index(k)];
    if (!sample) {
      sample = f_(k * spacing_);
      const double bounded = bounded_value(sample->value);
      if (options_.cut_at_best && bounded < cut_) cut_ = bounded;
    }
    return *sample;
  }

  double bounded_value(double value) const { return options_.bounded ? options_.bounded(value) : value; }
  double cut() const { return cut_; }

  // Whether the interval [k, k + steps] may hold a value whose bound is at most the cut.
  bool may_reach_cut(int k, int steps) {
    const double ends = 0.5 * (bounded_value(at(k).value) + bounded_value(at(k + steps).value));
    return !(ends - 0.5 * options_.lipschitz * steps * spacing_ > cut_);
  }

 private:
  std::size_t index(int k) const { return static_cast<std::size_t>(k % options_.samples); }

  const std::function<ValueAndSlope(double)>& f_;
  const PeriodicMinimaOptions& options_;
  double spacing_;
  double cut_ = options_.cut;
  std::vector<std::optional<ValueAndSlope>> samples_;
};

bool is_power_of_two(int n) { return n > 0 && (n & (n - 1)) == 0; }

// Samples every grid angle that the pruning cannot exclude; returns the fine intervals [k, k + 1]
// whose both ends were sampled and that may reach the cut.
std::vector<int> sample_where_needed(SampleGrid& grid, const PeriodicMinimaOptions& options) {
  std::vector<int> leaves;
  if (!(options.lipschitz > 0.0)) {
    for (int k = 0; k < grid.count(); ++k) grid.at(k);
    for (int k = 0; k < grid.count(); ++k) leaves.push_back(k);
    return leaves;
  }
  const int stride = grid.count() / options.coarse_samples;
  for (int k = 0; k < grid.count(); k += stride) grid.at(k);
  std::vector<std::pair<int, int>> pending;  // (first sample, steps)
  for (int k = grid.count() - stride; k >= 0; k -= stride) pending.emplace_back(k, stride);
  while (!pending.empty()) {
    const auto [k, steps] = pending.back();
    pending.pop_back();
    if (!grid.may_reach_cut(k, steps)) continue;
    if (steps == 1) {
      leaves.push_back(k);
      continue;
    }
    const int half = steps / 2;
    grid.at(k + half);
    pending.emplace_back(k + half, half);
    pending.emplace_back(k, half);
  }
  // The cut may have dropped after a leaf was kept: drop the leaves it now excludes.
  std::erase_if(leaves, [&](int k) { return !grid.may_reach_cut(k, 1); });
  return leaves;
}

}  // namespace

std::vector<AngleMinimum> periodic_local_minima(const std::function<ValueAndSlope(double)>& f,
                                                const PeriodicMinimaOptions& options) {
  if (options.samples < 3) throw std::invalid_argument("periodic_local_minima: need >= 3 samples");
  if (options.lipschitz > 0.0 && (options.coarse_samples < 3 || options.samples % options.coarse_samples != 0 ||
                                  !is_power_of_two(options.samples / options.coarse_samples))) {
    throw std::invalid_argument("periodic_local_minima: samples / coarse_samples must be a power of two");
  }
  SampleGrid grid(f, options);
  const std::vector<int> leaves = sample_where_needed(grid, options);
  const double spacing = grid.spacing();

  // Flat: what the full grid would show, since pruning needs a spread above lipschitz * spacing.
  double lowest_value = std::numeric_limits<double>::infinity(), highest_value = -lowest_value;
  int lowest = 0;
  for (int k = 0; k < grid.count(); ++k) {
    if (!grid.taken(k)) continue;
    const double value = grid.at(k).value;
    if (value < lowest_value) {
      lowest_value = value;
      lowest = k;
    }
    highest_value = std::max(highest_value, value);
  }
  if (highest_value - lowest_value <= options.flat_tolerance) {
    return {AngleMinimum{0.0, grid.at(0).value, 0, true}};
  }

  const auto slope_at = [&f](double angle) { return f(angle).slope; };
  std::vector<AngleMinimum> minima;
  for (const int k : leaves) {
    const ValueAndSlope& left = grid.at(k);
    const ValueAndSlope& right = grid.at(k + 1);
    if (!(left.slope < 0.0 && right.slope >= 0.0)) continue;
    const double lo = k * spacing;
    const BracketedRoot root =
        find_bracketed_root(slope_at, lo, left.slope, lo + spacing, right.slope,
                            {.tolerance = options.angle_tolerance, .max_evaluations = options.max_iterations});
    const double angle = std::fmod(root.x, 2.0 * std::numbers::pi);
    minima.push_back({angle, f(angle).value, root.evaluations, root.converged});
  }
  if (minima.empty()) {
    // The slope never turns from negative to non-negative: the samples are too noisy to trust.
    minima.push_back({lowest * spacing, lowest_value, 0, false});
  }
  std::stable_sort(minima.begin(), minima.end(),
                   [](const AngleMinimum& x, const AngleMinimum& y) { return x.value < y.value; });
  return minima;
}

}  // namespace relcp::geometry
