#pragma once
// The reference back end: the columns one after another on the calling thread.

#include "dcs/batched/batched_lcp.hpp"

namespace relcp::dcs {

class SerialBatchedLcp final : public BatchedLcpBackend {
 public:
  std::string_view name() const override { return "serial"; }
  LcpBatchReport solve(const LcpSelectionSolver& solver, const DenseMatrix& Q, DenseMatrix& Y,
                       std::vector<LcpOutcome>& outcomes) const override;
};

}  // namespace relcp::dcs
