#include "io/run/progress_reporter.hpp"

#include <array>
#include <cmath>
#include <cstdio>

namespace relcp::io {

ProgressReporter::ProgressReporter(std::int64_t first_step, std::int64_t last_step, double min_interval_seconds)
    : first_step_(first_step), last_step_(last_step), min_interval_(min_interval_seconds) {}

std::optional<std::string> ProgressReporter::update(std::int64_t step, double time, std::int64_t bodies,
                                                    double elapsed_seconds) {
  if (elapsed_seconds - last_report_ < min_interval_) return std::nullopt;
  last_report_ = elapsed_seconds;
  const double done = static_cast<double>(step - first_step_);
  const double rate = elapsed_seconds > 0.0 ? done / elapsed_seconds : 0.0;
  const double total = static_cast<double>(last_step_ - first_step_);
  const double percent = total > 0.0 ? 100.0 * done / total : 100.0;
  std::array<char, 160> line{};
  std::snprintf(line.data(), line.size(), "step %lld/%lld (%.1f%%)  t = %.6g  bodies %lld  %.4g steps/s",
                static_cast<long long>(step), static_cast<long long>(last_step_), percent, time,
                static_cast<long long>(bodies), rate);
  std::string text = line.data();
  if (rate > 0.0) text += "  ETA " + format_duration(static_cast<double>(last_step_ - step) / rate);
  return text;
}

std::string format_duration(double seconds) {
  std::array<char, 48> text{};
  if (seconds < 10.0) {
    std::snprintf(text.data(), text.size(), "%.2g s", seconds);
  } else if (seconds < 60.0) {
    std::snprintf(text.data(), text.size(), "%.0f s", seconds);
  } else if (seconds < 3600.0) {
    const auto whole = static_cast<long long>(std::lround(seconds));
    std::snprintf(text.data(), text.size(), "%lld min %02lld s", whole / 60, whole % 60);
  } else {
    const auto minutes = static_cast<long long>(std::lround(seconds / 60.0));
    std::snprintf(text.data(), text.size(), "%lld h %02lld min", minutes / 60, minutes % 60);
  }
  return text.data();
}

}  // namespace relcp::io
