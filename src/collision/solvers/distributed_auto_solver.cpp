#include "collision/solvers/distributed_auto_solver.hpp"

#include <mpi.h>

#include "collision/solvers/distributed_alm_solver.hpp"
#include "collision/solvers/distributed_gradient_solvers.hpp"

namespace relcp::collision {

DistributedAutoSolver::DistributedAutoSolver(int hard_iterations, int max_alm_ranks)
    : hard_iterations_(hard_iterations),
      max_alm_ranks_(max_alm_ranks),
      gradient_(std::make_unique<DistributedApgdSolver>()), newton_(std::make_unique<DistributedAlmSolver>()) {}

DistributedSolverResult DistributedAutoSolver::solve(const DistributedLcp& problem,
                                                     const DistributedSolverOptions& options) const {
  int ranks = 1;
  MPI_Comm_size(problem.c.layout().comm(), &ranks);
  const bool gatherable = problem.A.layout().global_size() <= kAutoGatherRows;
  if (hard_network_ && gatherable && ranks <= max_alm_ranks_) return solve_by_alm(problem, options);
  last_choice_ = "apgd";
  DistributedSolverResult result = gradient_->solve(problem, options);
  if (result.iterations > hard_iterations_) hard_network_ = true;
  return result;
}

DistributedSolverResult DistributedAutoSolver::solve_by_alm(const DistributedLcp& problem,
                                                            const DistributedSolverOptions& options) const {
  DistributedSolverOptions newton_options = options;
  newton_options.max_iterations = 0;  // alm's own cap of Newton steps, not the gradient one
  newton_options.preconditioner = DistributedPreconditioner::none;
  newton_options.diagonal = nullptr;
  last_choice_ = "alm";
  DistributedSolverResult result = newton_->solve(problem, newton_options);
  if (result.status == lcp::Status::converged) return result;
  // Finish from alm's iterate (from the caller's start if alm broke down); the counts add up.
  DistributedSolverOptions finish = options;
  if (result.status != lcp::Status::numerical_failure) finish.warm_start = &result.gamma;
  DistributedSolverResult finished = gradient_->solve(problem, finish);
  finished.iterations += result.iterations;
  finished.operator_applications += result.operator_applications;
  finished.seconds += result.seconds;
  last_choice_ = "apgd";
  return finished;
}

}  // namespace relcp::collision
