#include "collision/solvers/distributed_gradient_solvers.hpp"

#include <stdexcept>
#include <utility>

#include "collision/linalg/distributed_vector_ops.hpp"
#include "collision/linalg/tpetra_vector_space.hpp"
#include "collision/solvers/distributed_solver_support.hpp"
#include "collision/solvers/jacobi_scaling.hpp"
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
  template <class Info>
  void operator()(const Info& info, const DistributedVector&) {
    if (history_ != nullptr) history_->push_back(info.merit);
  }

 private:
  std::vector<double>* history_;
};

// MPRGP's free and chopped gradients are defined for bounds, not cones: only BBPGD and APGD
// accept a cone space.
template <class Algorithm, class Space, class Limits, class Stop, class Observer>
lcp::GradientOutcome solve_if_supported(const Algorithm& algorithm, const Space& space, DistributedVector& z,
                                        const Limits& limits, const Stop& stop, Observer& observer) {
  if constexpr (requires { algorithm.solve(space, z, limits, stop, observer); }) {
    return algorithm.solve(space, z, limits, stop, observer);
  } else {
    throw std::invalid_argument("friction cones need bbpgd or apgd");
  }
}

// Runs make(residual) on the LCP, or with jacobi on its scaled twin (jacobi_scaling.hpp): the
// iterate is w = S^-1 gamma while the solver runs and gamma again on return.
template <class MakeAlgorithm, class Residual>
DistributedSolverResult run_distributed(const MakeAlgorithm& make, const Residual& residual,
                                        const DistributedLcp& problem, const DistributedSolverOptions& options) {
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
  if (options.preconditioner == DistributedPreconditioner::jacobi) {
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
