#include "collision/solvers/distributed_solver_support.hpp"

#include <mpi.h>

#include <cmath>
#include <stdexcept>

#include "collision/linalg/distributed_vector_ops.hpp"
#include "core/error.hpp"
#include "lcp/friction/friction_cone.hpp"

namespace relcp::collision {

void validate_problem(const DistributedLcp& problem, const DistributedSolverOptions& options) {
  // A mismatch on one rank must stop every rank, or the others would wait in a reduction.
  const std::size_t n = problem.A.layout().local_size();
  const bool jacobi = options.preconditioner == DistributedPreconditioner::jacobi;
  const bool diagonal_mismatch = jacobi && options.diagonal != nullptr && options.diagonal->local_size() != n;
  const bool cones_mismatch = options.cones != nullptr && options.cones->rows() != n;
  const int mismatch = problem.c.local_size() != n || cones_mismatch ||
                       (options.warm_start != nullptr && options.warm_start->local_size() != n) || diagonal_mismatch;
  int any_mismatch = 0;
  MPI_Allreduce(&mismatch, &any_mismatch, 1, MPI_INT, MPI_MAX, problem.A.layout().comm());
  if (any_mismatch != 0) {
    throw std::invalid_argument(
        "distributed LCP: c, the warm start or the diagonal does not have the operator's layout");
  }
  if (options.preconditioner == DistributedPreconditioner::automatic) {
    throw std::invalid_argument("distributed LCP: preconditioner automatic is a setting; resolve it first");
  }
  if (jacobi && options.diagonal == nullptr) {
    throw std::invalid_argument("distributed LCP: the jacobi preconditioner needs diag(A)");
  }
  if (!(options.tolerance > 0.0 && std::isfinite(options.tolerance))) {
    throw InputError("tolerance", "must be positive and finite");
  }
  if (options.max_iterations < 0) throw InputError("max_iterations", "must not be negative");
  if (!(options.mazhar_step > 0.0 && options.mazhar_step <= 1.0)) {
    throw InputError("mazhar_step", "must lie in (0, 1]");
  }
}

DistributedVector starting_point(const DistributedLcp& problem, const DistributedSolverOptions& options) {
  if (options.warm_start == nullptr) return DistributedVector(problem.c.layout());
  DistributedVector start = DistributedVector(problem.c.layout());
  copy(*options.warm_start, start);
  int finite = 1;
  for (std::size_t i = 0; i < start.local_size(); ++i) {
    if (!std::isfinite(start[i])) finite = 0;
  }
  int all_finite = 1;
  MPI_Allreduce(&finite, &all_finite, 1, MPI_INT, MPI_MIN, start.layout().comm());
  if (all_finite == 0) throw InputError("warm_start", "has a non-finite entry");
  // Onto the cones where there are some: clipping at zero would drop every negative tangential force.
  if (options.cones != nullptr) {
    options.cones->project({start.local_data(), start.local_size()});
  } else {
    project_nonnegative(start);
  }
  return start;
}

int iteration_limit(const DistributedSolverOptions& options, int solver_default) {
  return options.max_iterations > 0 ? options.max_iterations : solver_default;
}

double natural_residual(const DistributedLcp& problem, const DistributedVector& gamma) {
  DistributedVector w(problem.c.layout());
  problem.A.apply(gamma, w);
  axpy(1.0, problem.c, w);
  minimum_map(gamma, w, w);
  return norm_inf(w);
}

double cone_natural_residual(const DistributedLcp& problem, const lcp::FrictionCones& cones,
                             const DistributedVector& gamma) {
  DistributedVector w(problem.c.layout());
  problem.A.apply(gamma, w);
  axpy(1.0, problem.c, w);
  combine(1.0, gamma, -1.0, w, w);
  cones.project({w.local_data(), w.local_size()});
  combine(1.0, gamma, -1.0, w, w);
  return norm_inf(w);
}

}  // namespace relcp::collision
