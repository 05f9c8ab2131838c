#include "lcp/friction/rolling_friction_solvers.hpp"

#include <cmath>
#include <stdexcept>
#include <string>
#include <utility>

#include "core/stopwatch.hpp"
#include "lcp/friction/rolling_solver_support.hpp"
#include "lcp/friction/siconos_rolling_error.hpp"

namespace relcp::lcp {

namespace rolling_detail {

RollingBlock contact_block(const LcpProblem& local, Index row) {
  constexpr Index d = RollingFrictionProblem::kDimension;
  if (!local.is_sparse()) return local.dense().block<d, d>(row, row);
  RollingBlock block = RollingBlock::Zero();
  const SparseMatrix& W = local.sparse();
  for (Index i = 0; i < d; ++i) {
    for (SparseMatrix::InnerIterator entry(W, row + i); entry; ++entry) {
      const Index column = entry.col();
      if (column >= row && column < row + d) block(i, column - row) = entry.value();
    }
  }
  return block;
}

SolveStart start_solve(const RollingFrictionProblem& problem, const FrictionSolverOptions& options,
                       int default_iterations) {
  if (!(std::isfinite(options.tolerance) && options.tolerance > 0.0)) {
    throw std::invalid_argument("rolling friction solver: the tolerance must be finite and > 0");
  }
  if (options.max_iterations < 0) throw std::invalid_argument("rolling friction solver: negative iteration cap");
  if (options.warm_start.size() != 0 && options.warm_start.size() != problem.size()) {
    throw std::invalid_argument("rolling friction solver: the warm start has the wrong size");
  }
  SolveStart start;
  start.max_iterations = options.max_iterations > 0 ? options.max_iterations : default_iterations;
  if (options.warm_start.size() == 0) {
    start.r = Vector::Zero(problem.size());
    return start;
  }
  start.r = options.warm_start;
  problem.project_onto_cones(start.r);
  return start;
}

FrictionSolverResult finish(const RollingFrictionProblem& problem, const FrictionSolverOptions& options, Status status,
                            int iterations, int outer_iterations, Vector r) {
  FrictionSolverResult result;
  result.iterations = iterations;
  result.outer_iterations = outer_iterations;
  result.u = problem.velocity(r);
  result.error = siconos_rolling_error(problem, r, result.u).relative();
  result.r = std::move(r);
  if (!std::isfinite(result.error)) {
    result.status = Status::numerical_failure;
  } else if (result.error <= options.tolerance) {
    result.status = Status::converged;
  } else {
    result.status = status == Status::converged ? Status::stagnation : status;
  }
  return result;
}

}  // namespace rolling_detail

const std::vector<std::string>& rolling_friction_solver_names() {
  static const std::vector<std::string> names = {"nsgs", "newton_ac"};
  return names;
}

bool is_rolling_friction_solver_name(std::string_view name) {
  for (const std::string& known : rolling_friction_solver_names()) {
    if (known == name) return true;
  }
  return false;
}

FrictionSolverResult solve_rolling_friction(std::string_view solver, const RollingFrictionProblem& problem,
                                            const FrictionSolverOptions& options) {
  using Solve = FrictionSolverResult (*)(const RollingFrictionProblem&, const FrictionSolverOptions&);
  Solve solve = nullptr;
  if (solver == "nsgs") solve = solve_rolling_nsgs;
  if (solver == "newton_ac") solve = solve_rolling_alart_curnier;
  if (solve == nullptr) throw std::invalid_argument("unknown rolling friction solver '" + std::string(solver) + "'");
  const Stopwatch stopwatch;
  FrictionSolverResult result = solve(problem, options);
  result.seconds = stopwatch.seconds();
  return result;
}

}  // namespace relcp::lcp
