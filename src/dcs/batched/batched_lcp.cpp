#include "dcs/batched/batched_lcp.hpp"

#include <algorithm>

#include "core/error.hpp"
#include "dcs/batched/batched_lcp_cuda.hpp"
#include "dcs/batched/batched_lcp_openmp.hpp"
#include "dcs/batched/batched_lcp_serial.hpp"
#include "dcs/device/device_query_cuda.hpp"

namespace relcp::dcs {

LcpBatchReport summarize(const std::vector<LcpOutcome>& outcomes) {
  LcpBatchReport report;
  report.columns = static_cast<Eigen::Index>(outcomes.size());
  for (std::size_t j = 0; j < outcomes.size(); ++j) {
    const LcpOutcome& outcome = outcomes[j];
    report.total_iterations += outcome.iterations;
    report.max_iterations = std::max(report.max_iterations, outcome.iterations);
    if (outcome.status == lcp::Status::converged) continue;
    if (report.failures++ == 0) {
      report.first_failure = static_cast<Eigen::Index>(j);
      report.first_failure_status = outcome.status;
    }
  }
  return report;
}

void shape_batch(const DenseMatrix& Q, DenseMatrix& Y, std::vector<LcpOutcome>& outcomes) {
  if (Y.rows() != Q.rows() || Y.cols() != Q.cols()) Y = DenseMatrix::Zero(Q.rows(), Q.cols());
  outcomes.assign(static_cast<std::size_t>(Q.cols()), LcpOutcome{});
}

std::vector<std::string> batched_lcp_backend_names() { return {"serial", "openmp", "cuda"}; }

std::unique_ptr<BatchedLcpBackend> make_batched_lcp_backend(std::string_view name) {
  if (name == "serial") return std::make_unique<SerialBatchedLcp>();
  if (name == "openmp") return std::make_unique<OpenMpBatchedLcp>();
  if (name == "cuda") {
    require_cuda_device();  // InputError without a CUDA build, RunTimeFailure without a device
#if defined(RELCP_HAVE_CUDA)
    return make_cuda_batched_lcp();
#endif
  }
  throw InputError("backend", "unknown backend '" + std::string(name) + "' (known: serial, openmp, cuda)");
}

}  // namespace relcp::dcs
