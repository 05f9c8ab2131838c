#pragma once
// The --out file of relcp_lcp's solve and friction commands: the solver's vector, one value per
// line, written atomically after the JSON report is built.

#include <optional>
#include <string>

#include "lcp/types.hpp"

namespace relcp::apps::lcp_cli {

// Writes `values` to `out` unless `out` is empty. Returns the failure to raise after printing the
// report: a write error, or `values` not a finite vector of `size` entries ("the solver
// returned no finite <name>").
std::optional<std::string> write_result_vector(const std::string& out, const relcp::lcp::Vector& values,
                                               relcp::lcp::Index size, const std::string& name);

}  // namespace relcp::apps::lcp_cli
