#pragma once

#include <string_view>

namespace relcp::lcp {

// How a solve ended. Only `converged` means ||min(z, Mz+q)||_inf <= tolerance was verified.
enum class Status {
  converged,
  max_iterations,
  stagnation,         // iterates stopped changing before the tolerance was met
  local_minimum,      // merit gradient vanished at a non-solution (Newton methods)
  nondescent,         // the search direction was not a descent direction
  unsupported,        // the method does not apply to this matrix (e.g. zero diagonal for PGS)
  infeasible,         // certificate of no solution (secondary ray in Lemke, unbounded pivot)
  numerical_failure,  // NaN/Inf, singular system that could not be handled
};

std::string_view to_string(Status status);

}  // namespace relcp::lcp
