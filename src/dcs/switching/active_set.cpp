#include "dcs/switching/active_set.hpp"

#include <algorithm>

namespace relcp::dcs {

int cardinality(const ActiveSet& active) {
  int total = 0;
  for (const ModeSet& modes : active) total += static_cast<int>(modes.size());
  return total;
}

bool is_null_free(const ActiveSet& active) {
  return std::none_of(active.begin(), active.end(), [](const ModeSet& modes) { return modes.empty(); });
}

ActiveSet epsilon_active_set(const IndicatorValues& indicators, double epsilon) {
  ActiveSet active(indicators.size());
  for (std::size_t term = 0; term < indicators.size(); ++term) {
    const std::vector<double>& h = indicators[term];
    const double smallest = *std::min_element(h.begin(), h.end());
    for (std::size_t mode = 0; mode < h.size(); ++mode) {
      // `<=` keeps the minimiser even when epsilon is zero.
      if (h[mode] <= smallest + epsilon) active[term].push_back(static_cast<int>(mode));
    }
  }
  return active;
}

std::vector<int> selected_modes(const IndicatorValues& indicators) {
  std::vector<int> modes(indicators.size());
  for (std::size_t term = 0; term < indicators.size(); ++term) {
    const std::vector<double>& h = indicators[term];
    modes[term] = static_cast<int>(std::min_element(h.begin(), h.end()) - h.begin());
  }
  return modes;
}

std::string to_string(const ModeSet& modes) {
  std::string text = "{";
  for (std::size_t i = 0; i < modes.size(); ++i) {
    if (i > 0) text += ",";
    text += std::to_string(modes[i]);
  }
  return text + "}";
}

std::string to_string(const ActiveSet& active) {
  std::string text = "(";
  for (std::size_t term = 0; term < active.size(); ++term) {
    if (term > 0) text += ",";
    text += to_string(active[term]);
  }
  return text + ")";
}

}  // namespace relcp::dcs
