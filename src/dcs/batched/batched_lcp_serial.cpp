#include "dcs/batched/batched_lcp_serial.hpp"

#include "core/stopwatch.hpp"

namespace relcp::dcs {

LcpBatchReport SerialBatchedLcp::solve(const LcpSelectionSolver& solver, const DenseMatrix& Q, DenseMatrix& Y,
                                       std::vector<LcpOutcome>& outcomes) const {
  const Stopwatch watch;
  shape_batch(Q, Y, outcomes);
  Vector q(Q.rows()), y(Q.rows());
  for (Eigen::Index j = 0; j < Q.cols(); ++j) {
    q = Q.col(j);
    y = Y.col(j);
    outcomes[static_cast<std::size_t>(j)] = solver.solve(q, y);
    Y.col(j) = y;
  }
  LcpBatchReport report = summarize(outcomes);
  report.solve_seconds = watch.seconds();
  return report;
}

}  // namespace relcp::dcs
