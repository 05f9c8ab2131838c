#pragma once
// A flat JSON object written in insertion order: enough for the one-line reports of relcp_lcp.
// Non-finite numbers are written as null (JSON has no NaN or Inf).

#include <cstdint>
#include <string>
#include <string_view>

namespace relcp::apps::lcp_cli {

class JsonObject {
 public:
  JsonObject& add(std::string_view key, std::string_view value);
  JsonObject& add(std::string_view key, double value);
  JsonObject& add(std::string_view key, std::int64_t value);
  std::string str() const { return "{" + body_ + "}"; }

 private:
  void add_key(std::string_view key);
  std::string body_;
};

std::string json_quoted(std::string_view text);

}  // namespace relcp::apps::lcp_cli
