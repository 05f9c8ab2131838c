#include "dcs/waveform/gauss_seidel_waveform_windows.hpp"

#include <algorithm>

namespace relcp::dcs {

std::vector<WaveformWindow> waveform_windows(Eigen::Index steps, Eigen::Index window) {
  if (window <= 0 || window > steps) window = steps;
  std::vector<WaveformWindow> windows;
  for (Eigen::Index start = 0; start < steps; start += window) {
    windows.push_back({start, std::min(steps, start + window)});
  }
  return windows;
}

std::vector<double> merge_window_histories(const std::vector<std::vector<double>>& histories) {
  std::size_t length = 0;
  for (const auto& history : histories) length = std::max(length, history.size());
  std::vector<double> merged(length, 0.0);
  for (const auto& history : histories) {
    if (history.empty()) continue;
    for (std::size_t k = 0; k < length; ++k) {
      merged[k] = std::max(merged[k], history[std::min(k, history.size() - 1)]);
    }
  }
  return merged;
}

}  // namespace relcp::dcs
