#pragma once
// The one-line JSON reports of relcp_lcp (nlohmann-json, keys in insertion order). Non-finite
// numbers come out as null (JSON has no NaN or Inf); bytes that are not UTF-8 (a file name) as
// U+FFFD.

#include <nlohmann/json.hpp>
#include <string>

namespace relcp::apps::lcp_cli {

using JsonReport = nlohmann::ordered_json;

inline std::string report_line(const JsonReport& report) {
  return report.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

}  // namespace relcp::apps::lcp_cli
