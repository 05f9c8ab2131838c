#include "collision/solvers/distributed_gradient_solvers.hpp"

#include <spdlog/spdlog.h>

#include <memory>
#include <optional>
#include <stdexcept>
#include <utility>

#include "collision/assembly/contact_operator.hpp"
#include "collision/device/cuda_backend.hpp"
#include "collision/device/cuda_contact_space.hpp"
#include "collision/device/local_contact_rows.hpp"
#include "collision/linalg/distributed_vector_ops.hpp"
#include "collision/linalg/tpetra_vector_space.hpp"
#include "collision/solvers/distributed_solver_support.hpp"
#include "collision/solvers/jacobi_scaling.hpp"
#include "core/error.hpp"
#include "core/stopwatch.hpp"
#include "lcp/friction/friction_cone.hpp"
#include "lcp/projection/cone_constrained_space.hpp"
#include "lcp/projection/mprgp.hpp"
#include "lcp/projection/projected_gradient.hpp"

namespace relcp::collision {
namespace {

lcp::Status status_of(lcp::GradientStop stop) {
  switch (stop) {
    case lcp::GradientStop::converged:
      return lcp::Status::converged;
    case lcp::GradientStop::max_iterations:
      return lcp::Status::max_iterations;
    case lcp::GradientStop::stagnation:
      return lcp::Status::stagnation;
    case lcp::GradientStop::numerical_failure:
      break;
  }
  return lcp::Status::numerical_failure;
}

class HistoryRecorder {
 public:
  explicit HistoryRecorder(std::vector<double>* history) : history_(history) {}
  template <class Info, class Vector>
  void operator()(const Info& info, const Vector&) {
    if (history_ != nullptr) history_->push_back(info.merit);
  }

 private:
  std::vector<double>* history_;
};

// MPRGP's free and chopped gradients are defined for bounds on the CPU: only BBPGD and APGD
// accept a cone space or the device space.
template <class Algorithm, class Space, class Vector, class Limits, class Stop, class Observer>
lcp::GradientOutcome solve_if_supported(const Algorithm& algorithm, const Space& space, Vector& z, const Limits& limits,
                                        const Stop& stop, Observer& observer) {
  if constexpr (requires { algorithm.solve(space, z, limits, stop, observer); }) {
    return algorithm.solve(space, z, limits, stop, observer);
  } else {
    throw std::invalid_argument("friction cones and the cuda backend need bbpgd or apgd");
  }
}

// The contact operator on this process's device, kept between solves so that ReLCP's re-solves
// upload only the rows they append (device_contact_operator.hpp). Made at the first device solve.
device::DeviceContactOperator& device_operator() {
  static std::unique_ptr<device::DeviceContactOperator> op;
  if (!op) op = std::make_unique<device::DeviceContactOperator>();
  return *op;
}

// Runs make(residual) on the rank's CUDA device (docs/gpu.md): the contact operator's local rows
// and the iterate in device memory, the same algorithm and stop rule as on the CPU, and the
// natural residual of the answer on the device too.
template <class MakeAlgorithm, class Residual>
DistributedSolverResult run_on_device(const MakeAlgorithm& make, const Residual& residual,
                                      const DistributedLcp& problem, const DistributedSolverOptions& options) {
  const Stopwatch clock;
  validate_problem(problem, options);
  const auto* op = dynamic_cast<const ContactOperator*>(&problem.A);
  if (op == nullptr) throw std::invalid_argument("backend cuda: the LCP's operator must be a ContactOperator");
  if (options.preconditioner == DistributedPreconditioner::jacobi) {
    throw InputError("backend", "cuda does not take preconditioner jacobi: use none");
  }
  const MPI_Comm comm = problem.c.layout().comm();
  ensure_cuda_device(comm);
  DistributedSolverResult result;
  result.gamma = starting_point(problem, options);
  const std::size_t rows = problem.c.local_size();
  HostHalo halo(*op);
  device::DeviceContactOperator& A = device_operator();
  const std::size_t uploaded = A.update(local_contact_rows(*op), &halo);
  const DeviceVector c(problem.c.local_data(), rows);
  std::optional<DeviceCones> cones;
  if (options.cones != nullptr) cones.emplace(*options.cones);
  const CudaContactSpace space(A, c, comm, cones ? &*cones : nullptr);
  DeviceVector gamma(result.gamma.local_data(), rows);
  const double setup_seconds = clock.seconds();
  const lcp::GradientLimits limits{.max_iterations = iteration_limit(options, kDefaultDistributedGradientIterations),
                                   .relative_tolerance = 0.0};
  HistoryRecorder recorder(options.record_history ? &result.history : nullptr);
  const lcp::GradientOutcome outcome =
      solve_if_supported(make(residual), space, gamma, limits, lcp::MeritWithinTolerance{options.tolerance}, recorder);
  const double iteration_seconds = clock.seconds() - setup_seconds;
  result.natural_residual = space.natural_residual(gamma);
  device::copy_to_host(result.gamma.local_data(), gamma.data(), rows * sizeof(double));
  spdlog::debug("device solve: {} rows here, {} generation(s) uploaded, setup {:.3g} s, {} iterations in {:.3g} s",
                rows, uploaded, setup_seconds, outcome.iterations, iteration_seconds);
  result.status = status_of(outcome.stop);
  result.iterations = outcome.iterations;
  result.residual = outcome.merit;
  result.operator_applications = space.applications();
  result.seconds = clock.seconds();
  return result;
}

// Runs make(residual) on the LCP, or with jacobi on its scaled twin (jacobi_scaling.hpp): the
// iterate is w = S^-1 gamma while the solver runs and gamma again on return.
template <class MakeAlgorithm, class Residual>
DistributedSolverResult run_distributed(const MakeAlgorithm& make, const Residual& residual,
                                        const DistributedLcp& problem, const DistributedSolverOptions& options) {
  if (options.backend == ComputeBackend::cuda) return run_on_device(make, residual, problem, options);
  const Stopwatch clock;
  validate_problem(problem, options);
  DistributedSolverResult result;
  result.gamma = starting_point(problem, options);
  const CountingOperator counted(problem.A);
  const lcp::GradientLimits limits{.max_iterations = iteration_limit(options, kDefaultDistributedGradientIterations),
                                   .relative_tolerance = 0.0};
  const lcp::MeritWithinTolerance stop{options.tolerance};
  HistoryRecorder recorder(options.record_history ? &result.history : nullptr);
  lcp::GradientOutcome outcome;
  if (options.preconditioner == DistributedPreconditioner::jacobi && options.cones != nullptr) {
    const DistributedVector s = cone_jacobi_scaling(*options.diagonal, *options.cones);
    const lcp::FrictionCones cones = scaled_cones(*options.cones, s);
    const JacobiScaledOperator scaled(counted, s);
    DistributedVector scaled_c(problem.c.layout());
    multiply(s, problem.c, scaled_c);
    ConeJacobiResidualScratch scratch(s);
    using OriginalSpace = lcp::ConeConstrainedSpace<TpetraVectorSpace>;
    const OriginalSpace original(TpetraVectorSpace(counted, problem.c), *options.cones);
    const OriginalSpace space(TpetraVectorSpace(scaled, scaled_c), cones);
    divide(result.gamma, s, result.gamma);
    outcome = solve_if_supported(make(JacobiResidual<Residual, OriginalSpace>(residual, s, scratch, &original)), space,
                                 result.gamma, limits, stop, recorder);
    multiply(s, result.gamma, result.gamma);
  } else if (options.preconditioner == DistributedPreconditioner::jacobi) {
    const DistributedVector s = jacobi_scaling(*options.diagonal);
    const JacobiScaledOperator scaled(counted, s);
    DistributedVector scaled_c(problem.c.layout());
    multiply(s, problem.c, scaled_c);
    JacobiResidualScratch scratch(problem.c.layout());
    const TpetraVectorSpace space(scaled, scaled_c);
    divide(result.gamma, s, result.gamma);
    outcome = make(JacobiResidual<Residual>(residual, s, scratch)).solve(space, result.gamma, limits, stop, recorder);
    multiply(s, result.gamma, result.gamma);
  } else if (options.cones != nullptr) {
    const lcp::ConeConstrainedSpace<TpetraVectorSpace> space(TpetraVectorSpace(counted, problem.c), *options.cones);
    outcome = solve_if_supported(make(residual), space, result.gamma, limits, stop, recorder);
  } else {
    const TpetraVectorSpace space(counted, problem.c);
    outcome = make(residual).solve(space, result.gamma, limits, stop, recorder);
  }
  result.status = status_of(outcome.stop);
  result.iterations = outcome.iterations;
  result.residual = outcome.merit;
  result.natural_residual =
      options.cones != nullptr ? cone_natural_residual(DistributedLcp{counted, problem.c}, *options.cones, result.gamma)
                               : natural_residual(DistributedLcp{counted, problem.c}, result.gamma);
  result.operator_applications = counted.applications();
  result.seconds = clock.seconds();
  return result;
}

}  // namespace

DistributedSolverResult DistributedBbpgdSolver::solve(const DistributedLcp& problem,
                                                      const DistributedSolverOptions& options) const {
  return with_residual(options, [&](auto residual) {
    const auto make = [](auto r) { return lcp::BarzilaiBorweinGradient<decltype(r)>(std::move(r)); };
    return run_distributed(make, residual, problem, options);
  });
}

DistributedSolverResult DistributedApgdSolver::solve(const DistributedLcp& problem,
                                                     const DistributedSolverOptions& options) const {
  return with_residual(options, [&](auto residual) {
    const auto make = [](auto r) { return lcp::AcceleratedProjectedGradient<decltype(r)>(std::move(r)); };
    return run_distributed(make, residual, problem, options);
  });
}

DistributedSolverResult DistributedMprgpSolver::solve(const DistributedLcp& problem,
                                                      const DistributedSolverOptions& options) const {
  return with_residual(options, [&](auto residual) {
    const auto make = [](auto r) { return lcp::Mprgp<decltype(r)>(std::move(r)); };
    return run_distributed(make, residual, problem, options);
  });
}

}  // namespace relcp::collision
