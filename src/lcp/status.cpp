#include "lcp/status.hpp"

namespace relcp::lcp {

std::string_view to_string(Status status) {
  switch (status) {
    case Status::converged:
      return "converged";
    case Status::max_iterations:
      return "max_iterations";
    case Status::stagnation:
      return "stagnation";
    case Status::local_minimum:
      return "local_minimum";
    case Status::nondescent:
      return "nondescent";
    case Status::unsupported:
      return "unsupported";
    case Status::infeasible:
      return "infeasible";
    case Status::numerical_failure:
      return "numerical_failure";
  }
  return "unknown";
}

}  // namespace relcp::lcp
