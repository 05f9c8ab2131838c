#include "core/duration.hpp"

#include <array>
#include <cmath>
#include <string>
#include <vector>

namespace relcp {
namespace {

// A non-negative decimal number filling the whole text.
std::optional<double> number(std::string_view text) {
  if (text.empty() || text.find_first_not_of("0123456789.") != std::string_view::npos) return std::nullopt;
  const std::string copy(text);
  std::size_t used = 0;
  try {
    const double value = std::stod(copy, &used);
    if (used != copy.size()) return std::nullopt;
    return value;
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

std::vector<std::string_view> split(std::string_view text, char separator) {
  std::vector<std::string_view> parts;
  std::size_t start = 0;
  while (true) {
    const std::size_t end = text.find(separator, start);
    parts.push_back(text.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start));
    if (end == std::string_view::npos) return parts;
    start = end + 1;
  }
}

// "[D-]HH:MM:SS" or "MM:SS".
std::optional<double> clock_time(std::string_view text) {
  double days = 0.0;
  if (const std::size_t dash = text.find('-'); dash != std::string_view::npos) {
    const auto d = number(text.substr(0, dash));
    if (!d) return std::nullopt;
    days = *d;
    text = text.substr(dash + 1);
  }
  const std::vector<std::string_view> parts = split(text, ':');
  if (parts.size() < 2 || parts.size() > 3) return std::nullopt;
  double seconds = 0.0;
  for (const std::string_view part : parts) {
    const auto value = number(part);
    if (!value) return std::nullopt;
    seconds = 60.0 * seconds + *value;
  }
  return 86400.0 * days + seconds;
}

}  // namespace

std::optional<double> parse_duration(std::string_view text) {
  while (!text.empty() && text.front() == ' ') text.remove_prefix(1);
  while (!text.empty() && text.back() == ' ') text.remove_suffix(1);
  if (text.empty()) return std::nullopt;
  std::optional<double> seconds;
  if (text.find(':') != std::string_view::npos) {
    seconds = clock_time(text);
  } else {
    constexpr std::array<std::pair<char, double>, 4> kUnits{{{'s', 1.0}, {'m', 60.0}, {'h', 3600.0}, {'d', 86400.0}}};
    double unit = 1.0;
    for (const auto& [suffix, factor] : kUnits) {
      if (text.back() == suffix) {
        unit = factor;
        text.remove_suffix(1);
        break;
      }
    }
    if (const auto value = number(text)) seconds = *value * unit;
  }
  if (!seconds || !std::isfinite(*seconds) || *seconds <= 0.0) return std::nullopt;
  return seconds;
}

}  // namespace relcp
