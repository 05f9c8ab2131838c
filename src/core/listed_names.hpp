#pragma once
// Names joined for messages and help: {"a", "b", "c"} -> "a, b, c", or "a, b or c" with
// last_separator " or ".

#include <string>
#include <string_view>
#include <vector>

namespace relcp {

inline std::string listed(const std::vector<std::string>& names, std::string_view last_separator = ", ") {
  std::string text;
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (i > 0) text += i + 1 == names.size() ? std::string(last_separator) : std::string(", ");
    text += names[i];
  }
  return text;
}

}  // namespace relcp
