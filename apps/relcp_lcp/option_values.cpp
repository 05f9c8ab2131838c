#include "option_values.hpp"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <limits>

#include "core/error.hpp"

namespace relcp::apps::lcp_cli {
namespace {

double parse_real(const std::string& option, const std::string& value) {
  double parsed = 0.0;
  const auto [end, error] = std::from_chars(value.data(), value.data() + value.size(), parsed);
  if (value.empty() || error != std::errc() || end != value.data() + value.size() || !std::isfinite(parsed)) {
    throw InputError(option, "not a finite number: '" + value + "'");
  }
  return parsed;
}

long long parse_whole(const std::string& option, const std::string& value) {
  long long parsed = 0;
  const auto [end, error] = std::from_chars(value.data(), value.data() + value.size(), parsed);
  if (value.empty() || error != std::errc() || end != value.data() + value.size()) {
    throw InputError(option, "not an integer: '" + value + "'");
  }
  return parsed;
}

}  // namespace

double parse_positive_real(const std::string& option, const std::string& value) {
  const double parsed = parse_real(option, value);
  if (!(parsed > 0.0)) throw InputError(option, "must be > 0, got " + value);
  return parsed;
}

double parse_open_interval(const std::string& option, const std::string& value, double low, double high) {
  const double parsed = parse_real(option, value);
  if (!(parsed > low && parsed < high)) {
    char bounds[64];
    std::snprintf(bounds, sizeof bounds, "(%g, %g)", low, high);
    throw InputError(option, "must lie in " + std::string(bounds) + ", got " + value);
  }
  return parsed;
}

double parse_fraction(const std::string& option, const std::string& value) {
  const double parsed = parse_real(option, value);
  if (!(parsed >= 0.0 && parsed <= 1.0)) throw InputError(option, "must lie in [0, 1], got " + value);
  return parsed;
}

int parse_count(const std::string& option, const std::string& value) {
  const long long parsed = parse_whole(option, value);
  if (parsed < 0) throw InputError(option, "must be >= 0, got " + value);
  if (parsed > std::numeric_limits<int>::max()) throw InputError(option, "too large: " + value);
  return static_cast<int>(parsed);
}

std::uint64_t parse_seed(const std::string& option, const std::string& value) {
  std::uint64_t parsed = 0;
  const auto [end, error] = std::from_chars(value.data(), value.data() + value.size(), parsed);
  if (value.empty() || error != std::errc() || end != value.data() + value.size()) {
    throw InputError(option, "not a non-negative integer: '" + value + "'");
  }
  return parsed;
}

relcp::lcp::FischerJacobian parse_jacobian(const std::string& option, const std::string& value) {
  using relcp::lcp::FischerJacobian;
  if (value == "random") return FischerJacobian::random;
  if (value == "zero") return FischerJacobian::zero;
  if (value == "perturbation") return FischerJacobian::perturbation;
  if (value == "approximation") return FischerJacobian::approximation;
  throw InputError(option, "unknown strategy '" + value + "' (random, zero, perturbation, approximation)");
}

relcp::lcp::MinMapGlobalization parse_globalization(const std::string& option, const std::string& value) {
  using relcp::lcp::MinMapGlobalization;
  if (value == "none") return MinMapGlobalization::none;
  if (value == "fischer_burmeister") return MinMapGlobalization::fischer_burmeister;
  throw InputError(option, "unknown globalization '" + value + "' (none, fischer_burmeister)");
}

}  // namespace relcp::apps::lcp_cli
