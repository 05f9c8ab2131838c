#include "collision/distributed_gradient_solvers.hpp"

#include "collision/distributed_solver_support.hpp"
#include "collision/tpetra_vector_space.hpp"
#include "core/stopwatch.hpp"
#include "lcp/projected_gradient.hpp"

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
  template <class Info>
  void operator()(const Info& info, const DistributedVector&) {
    if (history_ != nullptr) history_->push_back(info.merit);
  }

 private:
  std::vector<double>* history_;
};

// Calls visit(policy) with the residual policy chosen in the options.
template <class Visit>
DistributedSolverResult with_residual(const DistributedSolverOptions& options, Visit&& visit) {
  switch (options.residual) {
    case DistributedResidual::projected_gradient_2:
      return visit(lcp::ProjectedGradientTwoNorm{});
    case DistributedResidual::mazhar:
      return visit(lcp::MazharResidual{options.mazhar_step});
    case DistributedResidual::projected_gradient_inf:
      break;
  }
  return visit(lcp::ProjectedGradientInfNorm{});
}

template <class Algorithm>
DistributedSolverResult run_distributed(const Algorithm& algorithm, const DistributedLcp& problem,
                                        const DistributedSolverOptions& options) {
  const Stopwatch clock;
  validate_problem(problem, options);
  DistributedSolverResult result;
  result.gamma = starting_point(problem, options);
  const CountingOperator counted(problem.A);
  const TpetraVectorSpace space(counted, problem.c);
  const lcp::GradientLimits limits{
      .max_iterations = iteration_limit(options, kDefaultDistributedGradientIterations),
      .relative_tolerance = 0.0};
  HistoryRecorder recorder(options.record_history ? &result.history : nullptr);
  const lcp::GradientOutcome outcome = algorithm.solve(
      space, result.gamma, limits, lcp::MeritWithinTolerance{options.tolerance}, recorder);
  result.status = status_of(outcome.stop);
  result.iterations = outcome.iterations;
  result.residual = outcome.merit;
  result.natural_residual = natural_residual(DistributedLcp{counted, problem.c}, result.gamma);
  result.operator_applications = counted.applications();
  result.seconds = clock.seconds();
  return result;
}

}  // namespace

DistributedSolverResult DistributedBbpgdSolver::solve(
    const DistributedLcp& problem, const DistributedSolverOptions& options) const {
  return with_residual(options, [&](auto residual) {
    return run_distributed(lcp::BarzilaiBorweinGradient<decltype(residual)>(residual), problem,
                           options);
  });
}

DistributedSolverResult DistributedApgdSolver::solve(
    const DistributedLcp& problem, const DistributedSolverOptions& options) const {
  return with_residual(options, [&](auto residual) {
    return run_distributed(lcp::AcceleratedProjectedGradient<decltype(residual)>(residual),
                           problem, options);
  });
}

}  // namespace relcp::collision
