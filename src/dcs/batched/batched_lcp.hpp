#pragma once
// Batched LCP back ends: the LCPs of all J time points of a DLCP iteration share the matrix M
// and differ only in q (docs/dlcp.md, "Batched LCP back ends"), so they are solved as one batch
//   for every column j:  Y.col(j) = selection of LCP(Q.col(j), M),
// on a back end chosen at run time by name: `serial`, `openmp`, `cuda`.
//
// Contract for every back end (the CUDA one included, which lives in batched_lcp_cuda.{hpp,cu}
// of the GPU work, see docs/dlcp.md):
//  - the columns are independent; the result of a column does not depend on the back end,
//    the thread count or the other columns (the same algorithm per column, deterministic);
//  - the algorithm and its parameters come from the LcpSelectionSolver: matrix(),
//    selection() and tolerance();
//  - Y.col(j) is the warm start on entry and the solution on exit; outcomes[j] says how
//    column j ended (Y.col(j) is unspecified unless it is converged).

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "dcs/batched/dlcp_lcp_outcome.hpp"
#include "dcs/batched/lcp_selection.hpp"
#include "dcs/types.hpp"

namespace relcp::dcs {

struct LcpBatchReport {
  Eigen::Index columns = 0;
  Eigen::Index failures = 0;        // columns that did not converge
  Eigen::Index first_failure = -1;  // the first such column
  lcp::Status first_failure_status = lcp::Status::converged;
  long long total_iterations = 0;
  int max_iterations = 0;         // over the columns
  double solve_seconds = 0.0;     // wall clock of the whole batch, transfers included
  double transfer_seconds = 0.0;  // host <-> device copies (0 on the CPU back ends)

  bool all_converged() const { return failures == 0; }
};

// Counts and first failure of a finished batch (timings left at zero).
LcpBatchReport summarize(const std::vector<LcpOutcome>& outcomes);

class BatchedLcpBackend {
 public:
  virtual ~BatchedLcpBackend() = default;
  virtual std::string_view name() const = 0;
  // Q: n x J. Y: n x J (resized with zero warm starts when its shape differs). outcomes: resized to J.
  virtual LcpBatchReport solve(const LcpSelectionSolver& solver, const DenseMatrix& Q, DenseMatrix& Y,
                               std::vector<LcpOutcome>& outcomes) const = 0;
};

// Prepares Y and outcomes for a batch of Q's shape.
void shape_batch(const DenseMatrix& Q, DenseMatrix& Y, std::vector<LcpOutcome>& outcomes);

std::vector<std::string> batched_lcp_backend_names();  // serial, openmp, cuda

// Throws InputError (key "backend", exit code 2) for an unknown name and for `cuda` in a build
// without the CUDA back end, RunTimeFailure (exit code 3) for `cuda` when no device is present.
std::unique_ptr<BatchedLcpBackend> make_batched_lcp_backend(std::string_view name);

}  // namespace relcp::dcs
