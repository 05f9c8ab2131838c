#include "result_output.hpp"

#include "core/error.hpp"
#include "lcp/io/solution_file.hpp"

namespace relcp::apps::lcp_cli {

std::optional<std::string> write_result_vector(const std::string& out, const relcp::lcp::Vector& values,
                                               relcp::lcp::Index size, const std::string& name) {
  if (out.empty()) return std::nullopt;
  if (values.size() != size || !values.allFinite()) {
    return out + ": not written, the solver returned no finite " + name;
  }
  try {
    relcp::lcp::write_solution(out, values);
  } catch (const RunTimeFailure& failure) {
    return std::string(failure.what());
  }
  return std::nullopt;
}

}  // namespace relcp::apps::lcp_cli
