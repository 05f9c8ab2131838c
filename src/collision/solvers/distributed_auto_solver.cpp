#include "collision/solvers/distributed_auto_solver.hpp"

#include <mpi.h>
#include <spdlog/spdlog.h>

#include "collision/solvers/body_space_solver.hpp"
#include "collision/solvers/distributed_alm_solver.hpp"
#include "collision/solvers/distributed_gradient_solvers.hpp"
#include "collision/solvers/distributed_ip_solver.hpp"

namespace relcp::collision {

DistributedAutoSolver::DistributedAutoSolver(BodySpaceParameters body_space, AutoThresholds thresholds)
    : body_space_(body_space),
      thresholds_(thresholds),
      gradient_(std::make_unique<DistributedApgdSolver>()),
      frictional_gradient_(std::make_unique<DistributedBbpgdSolver>()),
      augmented_lagrangian_(std::make_unique<DistributedAlmSolver>(body_space)),
      interior_point_(std::make_unique<DistributedIpSolver>(body_space)) {}

DistributedSolverResult DistributedAutoSolver::solve(const DistributedLcp& problem,
                                                     const DistributedSolverOptions& options) const {
  int ranks = 1;
  MPI_Comm_size(problem.c.layout().comm(), &ranks);
  const std::int64_t rows = problem.A.layout().global_size();
  if (options.cones != nullptr && rows >= thresholds_.frictional_bbpgd_rows) {  // rule 0
    last_choice_ = "bbpgd";
    return frictional_gradient_->solve(problem, options);
  }
  // The Newton methods know no cones: a smaller frictional problem stays with apgd.
  if (hard_network_ && options.cones == nullptr) {
    // ip's factorization can fail near convergence (weights beyond 1 / eps); alm then takes over.
    if (far_from_warm_start(rows, options)) {
      return solve_by_newton(*interior_point_, problem, options, augmented_lagrangian_.get());
    }
    if (options.warm_start_extends_solution && options.warm_start != nullptr) {
      if (rows >= thresholds_.far_interior_point_rows) {
        return solve_by_newton(*augmented_lagrangian_, problem, options, interior_point_.get(),
                               thresholds_.large_resolve_alm_steps);
      }
      return solve_by_newton(*augmented_lagrangian_, problem, options);
    }
    if (rows >= thresholds_.interior_point_rows) {
      if (updates_factorizations(rows, problem.c.layout().comm())) {
        return solve_by_newton(*augmented_lagrangian_, problem, options);
      }
      return solve_by_newton(*interior_point_, problem, options);
    }
    if (ranks <= thresholds_.max_alm_ranks) return solve_by_newton(*augmented_lagrangian_, problem, options);
  }
  last_choice_ = "apgd";
  DistributedSolverResult result = gradient_->solve(problem, options);
  if (result.iterations > thresholds_.hard_iterations) hard_network_ = true;
  return result;
}

bool DistributedAutoSolver::far_from_warm_start(std::int64_t rows, const DistributedSolverOptions& options) const {
  if (rows < thresholds_.far_interior_point_rows) return false;
  const bool resolve = options.warm_start_extends_solution && options.warm_start != nullptr;
  return !resolve || options.appended_rows > thresholds_.far_appended_rows;
}

bool DistributedAutoSolver::updates_factorizations(std::int64_t rows, MPI_Comm comm) const {
  const AlmFactorization where = resolve_body_space_factorization(body_space_.factorization, rows, comm);
  return body_space_.update_fraction > 0.0 && where != AlmFactorization::distributed;
}

namespace {

// `total` with `earlier`'s work added.
DistributedSolverResult adding_work(DistributedSolverResult total, const DistributedSolverResult& earlier) {
  total.iterations += earlier.iterations;
  total.operator_applications += earlier.operator_applications;
  total.seconds += earlier.seconds;
  total.factorizations += earlier.factorizations;
  return total;
}

}  // namespace

DistributedSolverResult DistributedAutoSolver::solve_by_newton(const DistributedLcpSolver& newton,
                                                               const DistributedLcp& problem,
                                                               const DistributedSolverOptions& options,
                                                               const DistributedLcpSolver* second,
                                                               int max_iterations) const {
  DistributedSolverOptions newton_options = options;
  newton_options.max_iterations = max_iterations;  // not the gradient solver's cap
  newton_options.preconditioner = DistributedPreconditioner::none;
  newton_options.diagonal = nullptr;
  last_choice_ = newton.name();
  DistributedSolverResult result = newton.solve(problem, newton_options);
  if (result.status == lcp::Status::converged) return result;
  if (second != nullptr) {
    spdlog::debug("auto: {} stopped with status {} after {} iterations; {} solves the LCP", newton.name(),
                  lcp::to_string(result.status), result.iterations, second->name());
    // From the first method's last estimate: the body-space methods keep the last one of a
    // completed step, and ip's, near convergence when it breaks down, left alm 4 Newton steps
    // where the caller's start took 186 (docs/collision_alm.md, "Far solves by ip").
    DistributedSolverOptions from_estimate = options;
    from_estimate.warm_start = &result.gamma;
    from_estimate.warm_start_extends_solution = false;  // an estimate of every row, not a solution of some
    return adding_work(solve_by_newton(*second, problem, from_estimate), result);
  }
  // Finish from the method's iterate (from the caller's start if it broke down); the counts add up.
  DistributedSolverOptions finish = options;
  if (result.status != lcp::Status::numerical_failure) finish.warm_start = &result.gamma;
  DistributedSolverResult finished = adding_work(gradient_->solve(problem, finish), result);
  last_choice_ = "apgd";
  return finished;
}

}  // namespace relcp::collision
