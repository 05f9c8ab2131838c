#include "json_object.hpp"

#include <cmath>
#include <cstdio>

namespace relcp::apps::lcp_cli {

std::string json_quoted(std::string_view text) {
  std::string out = "\"";
  for (const char c : text) {
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\t': out += "\\t"; break;
      case '\r': out += "\\r"; break;
      default:
        if (static_cast<unsigned char>(c) < 0x20) {
          char escaped[8];
          std::snprintf(escaped, sizeof escaped, "\\u%04x", static_cast<unsigned>(c));
          out += escaped;
        } else {
          out += c;
        }
    }
  }
  return out + "\"";
}

void JsonObject::add_key(std::string_view key) {
  if (!body_.empty()) body_ += ", ";
  body_ += json_quoted(key) + ": ";
}

JsonObject& JsonObject::add(std::string_view key, std::string_view value) {
  add_key(key);
  body_ += json_quoted(value);
  return *this;
}

JsonObject& JsonObject::add(std::string_view key, double value) {
  add_key(key);
  if (!std::isfinite(value)) {
    body_ += "null";
  } else {
    char buffer[40];
    std::snprintf(buffer, sizeof buffer, "%.17g", value);
    body_ += buffer;
  }
  return *this;
}

JsonObject& JsonObject::add(std::string_view key, std::int64_t value) {
  add_key(key);
  body_ += std::to_string(value);
  return *this;
}

}  // namespace relcp::apps::lcp_cli
