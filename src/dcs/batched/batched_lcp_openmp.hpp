#pragma once
// The columns spread over the OpenMP threads (dynamic schedule: pivot counts vary by column).
// Each column is solved exactly as by the serial back end, so the results are identical.

#include "dcs/batched/batched_lcp.hpp"

namespace relcp::dcs {

class OpenMpBatchedLcp final : public BatchedLcpBackend {
 public:
  std::string_view name() const override { return "openmp"; }
  LcpBatchReport solve(const LcpSelectionSolver& solver, const DenseMatrix& Q, DenseMatrix& Y,
                       std::vector<LcpOutcome>& outcomes) const override;
};

}  // namespace relcp::dcs
