#include "lcp/projection/projected_gradient_solvers.hpp"

#include <memory>
#include <vector>

#include "core/stopwatch.hpp"
#include "lcp/matrix_symmetry.hpp"
#include "lcp/projection/eigen_vector_space.hpp"
#include "lcp/projection/mprgp.hpp"
#include "lcp/projection/projected_gradient.hpp"
#include "lcp/residual.hpp"
#include "lcp/solver_factories.hpp"
#include "lcp/starting_point.hpp"

namespace relcp::lcp {
namespace {

// Necessary for positive semidefiniteness and free to check; the full test is not (a
// symmetric indefinite M is not detected and typically ends in numerical_failure).
bool has_nonnegative_diagonal(const LcpProblem& problem) {
  return problem.size() == 0 || problem.diagonal().minCoeff() >= 0.0;
}

// The suite-wide rule, evaluated on the gradient the algorithm already has (no extra product).
struct NaturalResidualWithinTolerance {
  double tolerance = 0.0;
  bool satisfied(const EigenVectorSpace&, const Vector& z, const Vector& g, double) const {
    return natural_residual(z, g) <= tolerance;
  }
};

class MeritRecorder {
 public:
  explicit MeritRecorder(std::vector<double>* history) : history_(history) {}
  template <class Info>
  void operator()(const Info& info, const Vector&) {
    if (history_ != nullptr) history_->push_back(info.merit);
  }

 private:
  std::vector<double>* history_;
};

Status status_of(GradientStop stop, double residual, double tolerance) {
  if (residual <= tolerance) return Status::converged;
  switch (stop) {
    case GradientStop::max_iterations:
      return Status::max_iterations;
    case GradientStop::numerical_failure:
      return Status::numerical_failure;
    case GradientStop::stagnation:
      return Status::stagnation;
    // The stop rule accepted an iterate whose recomputed residual misses the tolerance (only
    // rounding can do that): the iteration stopped before the tolerance was verified.
    case GradientStop::converged:
      return Status::stagnation;
  }
  return Status::numerical_failure;
}

template <class Algorithm>
SolverResult run_on_eigen(const Algorithm& algorithm, const LcpProblem& problem, const SolverOptions& options) {
  const Stopwatch watch;
  SolverResult result;
  result.z = projected_starting_point(problem, options);
  if (!has_nonnegative_diagonal(problem) || !is_symmetric(problem)) {
    result.status = Status::unsupported;
    result.residual = natural_residual(problem, result.z);
    result.seconds = watch.seconds();
    return result;
  }
  const EigenVectorSpace space(problem);
  const GradientLimits limits{.max_iterations = iteration_limit(options, kDefaultGradientMaxIterations),
                              .relative_tolerance = options.relative_tolerance};
  MeritRecorder recorder(options.record_history ? &result.merit_history : nullptr);
  const GradientOutcome outcome =
      algorithm.solve(space, result.z, limits, NaturalResidualWithinTolerance{options.tolerance}, recorder);
  result.iterations = outcome.iterations;
  result.residual = natural_residual(problem, result.z);
  result.status = status_of(outcome.stop, result.residual, options.tolerance);
  result.seconds = watch.seconds();
  return result;
}

// Calls visit(policy) with the residual policy named by `choice`.
template <class Visit>
SolverResult with_residual(GradientResidual choice, Visit&& visit) {
  switch (choice) {
    case GradientResidual::projected_gradient_2:
      return visit(ProjectedGradientTwoNorm{});
    case GradientResidual::mazhar:
      return visit(MazharResidual{});
    case GradientResidual::projected_gradient_inf:
      break;
  }
  return visit(ProjectedGradientInfNorm{});
}

template <class Visit>
SolverResult with_restart(ApgdRestart choice, Visit&& visit) {
  switch (choice) {
    case ApgdRestart::objective:
      return visit(ObjectiveRestart{});
    case ApgdRestart::none:
      return visit(NoRestart{});
    case ApgdRestart::gradient:
      break;
  }
  return visit(GradientRestart{});
}

}  // namespace

SolverResult BbpgdSolver::solve(const LcpProblem& problem, const SolverOptions& options) const {
  return with_residual(residual_, [&](auto residual) {
    return run_on_eigen(BarzilaiBorweinGradient<decltype(residual)>(residual), problem, options);
  });
}

SolverResult ApgdSolver::solve(const LcpProblem& problem, const SolverOptions& options) const {
  return with_residual(residual_, [&](auto residual) {
    return with_restart(restart_, [&](auto restart) {
      using Algorithm = AcceleratedProjectedGradient<decltype(residual), decltype(restart)>;
      return run_on_eigen(Algorithm(residual, restart), problem, options);
    });
  });
}

SolverResult MprgpSolver::solve(const LcpProblem& problem, const SolverOptions& options) const {
  return with_residual(
      residual_, [&](auto residual) { return run_on_eigen(Mprgp<decltype(residual)>(residual), problem, options); });
}

std::unique_ptr<LcpSolver> make_bbpgd_solver() { return std::make_unique<BbpgdSolver>(); }
std::unique_ptr<LcpSolver> make_apgd_solver() { return std::make_unique<ApgdSolver>(); }
std::unique_ptr<LcpSolver> make_mprgp_solver() { return std::make_unique<MprgpSolver>(); }

}  // namespace relcp::lcp
