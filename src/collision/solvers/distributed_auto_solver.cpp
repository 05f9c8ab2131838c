#include "collision/solvers/distributed_auto_solver.hpp"

#include <mpi.h>

#include "collision/solvers/body_space_solver.hpp"
#include "collision/solvers/distributed_alm_solver.hpp"
#include "collision/solvers/distributed_gradient_solvers.hpp"
#include "collision/solvers/distributed_ip_solver.hpp"

namespace relcp::collision {

DistributedAutoSolver::DistributedAutoSolver(BodySpaceParameters body_space, int hard_iterations, int max_alm_ranks,
                                             std::int64_t interior_point_rows)
    : body_space_(body_space),
      hard_iterations_(hard_iterations),
      max_alm_ranks_(max_alm_ranks),
      interior_point_rows_(interior_point_rows),
      gradient_(std::make_unique<DistributedApgdSolver>()),
      augmented_lagrangian_(std::make_unique<DistributedAlmSolver>(body_space)),
      interior_point_(std::make_unique<DistributedIpSolver>(body_space)) {}

DistributedSolverResult DistributedAutoSolver::solve(const DistributedLcp& problem,
                                                     const DistributedSolverOptions& options) const {
  int ranks = 1;
  MPI_Comm_size(problem.c.layout().comm(), &ranks);
  // The Newton methods know no cones: a frictional problem stays with apgd (docs/friction.md).
  if (hard_network_ && options.cones == nullptr) {
    if (options.warm_start_extends_solution && options.warm_start != nullptr) {
      return solve_by_newton(*augmented_lagrangian_, problem, options);
    }
    const std::int64_t rows = problem.A.layout().global_size();
    if (rows >= interior_point_rows_) {
      if (updates_factorizations(rows, problem.c.layout().comm())) {
        return solve_by_newton(*augmented_lagrangian_, problem, options);
      }
      return solve_by_newton(*interior_point_, problem, options);
    }
    if (ranks <= max_alm_ranks_) return solve_by_newton(*augmented_lagrangian_, problem, options);
  }
  last_choice_ = "apgd";
  DistributedSolverResult result = gradient_->solve(problem, options);
  if (result.iterations > hard_iterations_) hard_network_ = true;
  return result;
}

bool DistributedAutoSolver::updates_factorizations(std::int64_t rows, MPI_Comm comm) const {
  const AlmFactorization where = resolve_body_space_factorization(body_space_.factorization, rows, comm);
  return body_space_.update_fraction > 0.0 && where != AlmFactorization::distributed;
}

DistributedSolverResult DistributedAutoSolver::solve_by_newton(const DistributedLcpSolver& newton,
                                                               const DistributedLcp& problem,
                                                               const DistributedSolverOptions& options) const {
  DistributedSolverOptions newton_options = options;
  newton_options.max_iterations = 0;  // the method's own cap, not the gradient one
  newton_options.preconditioner = DistributedPreconditioner::none;
  newton_options.diagonal = nullptr;
  last_choice_ = newton.name();
  DistributedSolverResult result = newton.solve(problem, newton_options);
  if (result.status == lcp::Status::converged) return result;
  // Finish from the method's iterate (from the caller's start if it broke down); the counts add up.
  DistributedSolverOptions finish = options;
  if (result.status != lcp::Status::numerical_failure) finish.warm_start = &result.gamma;
  DistributedSolverResult finished = gradient_->solve(problem, finish);
  finished.iterations += result.iterations;
  finished.operator_applications += result.operator_applications;
  finished.seconds += result.seconds;
  finished.factorizations += result.factorizations;
  last_choice_ = "apgd";
  return finished;
}

}  // namespace relcp::collision
