#include "core/memory_budget.hpp"

#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <limits>
#include <sstream>

namespace relcp {
namespace {

std::optional<std::uint64_t> user_cap;
bool user_cap_set = false;

std::optional<std::uint64_t> meminfo_available() {
  std::ifstream meminfo("/proc/meminfo");
  std::string key;
  std::uint64_t kibibytes = 0;
  std::string unit;
  while (meminfo >> key >> kibibytes >> unit) {
    if (key == "MemAvailable:") return kibibytes * 1024;
  }
  return std::nullopt;
}

std::optional<std::uint64_t> cgroup_limit() {
  std::ifstream limit("/sys/fs/cgroup/memory.max");  // cgroup v2; "max" when unlimited
  std::string text;
  if (!(limit >> text) || text == "max") return std::nullopt;
  return parse_memory_size(text);
}

std::uint64_t physical_memory() {
  const long pages = sysconf(_SC_PHYS_PAGES);
  const long page_size = sysconf(_SC_PAGE_SIZE);
  if (pages <= 0 || page_size <= 0) return std::numeric_limits<std::uint64_t>::max();
  return static_cast<std::uint64_t>(pages) * static_cast<std::uint64_t>(page_size);
}

std::optional<std::uint64_t> effective_user_cap() {
  if (user_cap_set) return user_cap;
  if (const char* text = std::getenv("RELCP_MAX_MEMORY"); text && *text) return parse_memory_size(text);
  return std::nullopt;
}

}  // namespace

std::uint64_t memory_budget_bytes() {
  std::uint64_t budget = meminfo_available().value_or(physical_memory());
  if (const auto limit = cgroup_limit()) budget = std::min(budget, *limit);
  if (const auto cap = effective_user_cap()) budget = std::min(budget, *cap);
  return budget;
}

void set_memory_cap_bytes(std::optional<std::uint64_t> cap) {
  user_cap = cap;
  user_cap_set = cap.has_value();
}

std::optional<std::uint64_t> parse_memory_size(std::string_view text) {
  std::string compact;
  for (const char c : text) {
    if (!std::isspace(static_cast<unsigned char>(c))) compact.push_back(c);
  }
  if (compact.empty()) return std::nullopt;
  const char* begin = compact.c_str();
  char* end = nullptr;
  const double number = std::strtod(begin, &end);
  if (end == begin || !std::isfinite(number) || number < 0.0) return std::nullopt;
  std::string unit(end);
  std::transform(unit.begin(), unit.end(), unit.begin(),
                 [](unsigned char c) { return static_cast<char>(std::toupper(c)); });
  if (unit.ends_with("IB"))
    unit.erase(unit.size() - 2);
  else if (unit.size() > 1 && unit.back() == 'B')
    unit.pop_back();
  double scale = 1.0;
  if (unit.empty() || unit == "B")
    scale = 1.0;
  else if (unit == "K")
    scale = 0x1p10;
  else if (unit == "M")
    scale = 0x1p20;
  else if (unit == "G")
    scale = 0x1p30;
  else if (unit == "T")
    scale = 0x1p40;
  else
    return std::nullopt;
  const double bytes = number * scale;
  if (!(bytes < 0x1p63)) return std::nullopt;
  return static_cast<std::uint64_t>(bytes);
}

std::string format_bytes(double bytes) {
  const char* units[] = {"B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
  int unit = 0;
  while (bytes >= 1024.0 && unit < 6) {
    bytes /= 1024.0;
    ++unit;
  }
  char text[64];
  std::snprintf(text, sizeof text, unit == 0 ? "%.0f %s" : "%.3g %s", bytes, units[unit]);
  return text;
}

std::optional<std::string> memory_shortfall(double bytes) {
  const std::uint64_t budget = memory_budget_bytes();
  if (std::isfinite(bytes) && bytes <= static_cast<double>(budget)) return std::nullopt;
  const std::string needed = std::isfinite(bytes) && bytes < 1e30 ? format_bytes(bytes) : "more than 10^30 bytes";
  return "needs " + needed + " of memory, more than the " + format_bytes(static_cast<double>(budget)) +
         " available (--max-memory, RELCP_MAX_MEMORY)";
}

}  // namespace relcp
