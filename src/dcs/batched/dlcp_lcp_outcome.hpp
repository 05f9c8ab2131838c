#pragma once
// How one selected LCP solve ended (the status values of the LCP suite).

#include "lcp/status.hpp"

namespace relcp::dcs {

struct LcpOutcome {
  lcp::Status status = lcp::Status::numerical_failure;
  int iterations = 0;  // pivots or block exchanges, method-specific
};

}  // namespace relcp::dcs
