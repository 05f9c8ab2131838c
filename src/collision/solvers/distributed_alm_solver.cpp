#include "collision/solvers/distributed_alm_solver.hpp"

#include <mpi.h>

#include <cmath>
#include <memory>
#include <stdexcept>

#include "collision/assembly/contact_operator.hpp"
#include "collision/linalg/distributed_vector_ops.hpp"
#include "collision/linalg/tpetra_vector_space.hpp"
#include "collision/solvers/augmented_lagrangian.hpp"
#include "collision/solvers/body_space_lcp.hpp"
#include "collision/solvers/distributed_solver_support.hpp"
#include "core/error.hpp"
#include "core/stopwatch.hpp"
#include "lcp/projection/projected_gradient_policies.hpp"

namespace relcp::collision {
namespace {

using Outcome = BodySpaceAugmentedLagrangian::StepOutcome;

// Rank 0's Newton step, its outcome shared with every rank.
Outcome step_on_root(BodySpaceAugmentedLagrangian* root_solver, MPI_Comm comm) {
  int outcome = root_solver != nullptr ? static_cast<int>(root_solver->newton_step()) : 0;
  MPI_Bcast(&outcome, 1, MPI_INT, 0, comm);
  return static_cast<Outcome>(outcome);
}

template <class Residual>
DistributedSolverResult run_alm(const Residual& residual, const DistributedLcp& problem,
                                const DistributedSolverOptions& options) {
  const Stopwatch clock;
  validate_problem(problem, options);
  if (!(options.alm_penalty > 0.0 && std::isfinite(options.alm_penalty))) {
    throw InputError("alm_penalty", "must be positive and finite");
  }
  const auto* contact = dynamic_cast<const ContactOperator*>(&problem.A);
  if (contact == nullptr) {
    throw std::invalid_argument("alm: the operator must be a ContactOperator (it needs J and M)");
  }
  const MPI_Comm comm = problem.c.layout().comm();
  int rank = 0;
  MPI_Comm_rank(comm, &rank);

  DistributedSolverResult result;
  const int limit = iteration_limit(options, kDefaultAlmNewtonSteps);
  const CountingOperator A(problem.A);
  const TpetraVectorSpace space(A, problem.c);
  DistributedVector gamma = starting_point(problem, options);
  DistributedVector w(gamma.layout()), work(gamma.layout());
  auto measure = [&] {
    A.apply(gamma, w);
    axpy(1.0, problem.c, w);
    return residual.merit(space, gamma, w, work);
  };
  result.residual = measure();

  // Gathered only when there is work (the residual is the same on every rank).
  BodySpaceLcp lcp;
  std::unique_ptr<BodySpaceAugmentedLagrangian> root_solver;
  if (result.residual > options.tolerance) {
    lcp = gather_body_space_lcp(*contact);
    Eigen::VectorXd c = gather_to_root(problem.c);
    Eigen::VectorXd start = gather_to_root(gamma);
    if (rank == 0) {
      root_solver = std::make_unique<BodySpaceAugmentedLagrangian>(lcp, std::move(c), std::move(start),
                                                                   options.alm_penalty);
    }
  }

  while (true) {
    if (!std::isfinite(result.residual)) {
      result.status = lcp::Status::numerical_failure;
      break;
    }
    if (result.residual <= options.tolerance) {
      result.status = lcp::Status::converged;
      break;
    }
    if (result.iterations >= limit) {
      result.status = lcp::Status::max_iterations;
      break;
    }
    const Outcome outcome = step_on_root(root_solver.get(), comm);
    if (outcome == Outcome::failed) {
      result.status = lcp::Status::numerical_failure;
      break;
    }
    if (outcome == Outcome::stalled) {
      result.status = lcp::Status::stagnation;
      break;
    }
    scatter_from_root(root_solver != nullptr ? root_solver->multipliers() : Eigen::VectorXd(), gamma);
    ++result.iterations;
    result.residual = measure();
    if (options.record_history) result.history.push_back(result.residual);
  }
  result.natural_residual = natural_residual(DistributedLcp{A, problem.c}, gamma);
  result.operator_applications = A.applications();
  result.gamma = std::move(gamma);
  result.seconds = clock.seconds();
  return result;
}

}  // namespace

DistributedSolverResult DistributedAlmSolver::solve(const DistributedLcp& problem,
                                                    const DistributedSolverOptions& options) const {
  return with_residual(options, [&](const auto& residual) {
    return run_alm(residual, problem, options);
  });
}

}  // namespace relcp::collision
