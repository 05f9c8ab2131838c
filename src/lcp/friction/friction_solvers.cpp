#include "lcp/friction/friction_solvers.hpp"

#include <cmath>
#include <stdexcept>
#include <string>
#include <utility>

#include "core/stopwatch.hpp"
#include "lcp/friction/friction_solver_support.hpp"
#include "lcp/friction/siconos_friction_error.hpp"

namespace relcp::lcp {

namespace friction_detail {

Eigen::Matrix3d contact_block(const LcpProblem& local, Index row) {
  if (!local.is_sparse()) return local.dense().block<3, 3>(row, row);
  Eigen::Matrix3d block = Eigen::Matrix3d::Zero();
  const SparseMatrix& W = local.sparse();
  for (Index i = 0; i < 3; ++i) {
    for (SparseMatrix::InnerIterator entry(W, row + i); entry; ++entry) {
      const Index column = entry.col();
      if (column >= row && column < row + 3) block(i, column - row) = entry.value();
    }
  }
  return block;
}

SolveStart start_solve(const FrictionContactProblem& problem, const FrictionSolverOptions& options,
                       int default_iterations) {
  if (!(std::isfinite(options.tolerance) && options.tolerance > 0.0)) {
    throw std::invalid_argument("friction solver: the tolerance must be finite and > 0");
  }
  if (options.max_iterations < 0) throw std::invalid_argument("friction solver: negative iteration cap");
  if (options.warm_start.size() != 0 && options.warm_start.size() != problem.size()) {
    throw std::invalid_argument("friction solver: the warm start has the wrong size");
  }
  SolveStart start;
  start.max_iterations = options.max_iterations > 0 ? options.max_iterations : default_iterations;
  if (options.warm_start.size() == 0) {
    start.r = Vector::Zero(problem.size());
    return start;
  }
  start.r = options.warm_start;
  for (Index contact = 0; contact < problem.contacts(); ++contact) {
    const Index row = FrictionContactProblem::kDimension * contact;
    project_onto_contact_cone(problem.mu()[contact], start.r[row], start.r[row + 1], start.r[row + 2]);
  }
  return start;
}

FrictionSolverResult finish(const FrictionContactProblem& problem, const FrictionSolverOptions& options, Status status,
                            int iterations, int outer_iterations, Vector r) {
  FrictionSolverResult result;
  result.iterations = iterations;
  result.outer_iterations = outer_iterations;
  result.u = problem.velocity(r);
  result.error = siconos_friction_error(problem, r, result.u).relative();
  result.r = std::move(r);
  if (!std::isfinite(result.error)) {
    result.status = Status::numerical_failure;
  } else if (result.error <= options.tolerance) {
    result.status = Status::converged;  // whatever stopped the solver, r is a solution
  } else {
    result.status = status == Status::converged ? Status::stagnation : status;
  }
  return result;
}

}  // namespace friction_detail

const std::vector<std::string>& friction_solver_names() {
  static const std::vector<std::string> names = {"ccp", "ccp_bbpgd", "coulomb", "nsgs", "newton_ac"};
  return names;
}

bool is_friction_solver_name(std::string_view name) {
  for (const std::string& known : friction_solver_names()) {
    if (known == name) return true;
  }
  return false;
}

FrictionSolverResult solve_friction(std::string_view solver, const FrictionContactProblem& problem,
                                    const FrictionSolverOptions& options) {
  using Solve = FrictionSolverResult (*)(const FrictionContactProblem&, const FrictionSolverOptions&);
  Solve solve = nullptr;
  if (solver == "ccp") solve = solve_ccp_apgd;
  if (solver == "ccp_bbpgd") solve = solve_ccp_bbpgd;
  if (solver == "coulomb") solve = solve_coulomb_fixed_point;
  if (solver == "nsgs") solve = solve_coulomb_nsgs;
  if (solver == "newton_ac") solve = solve_coulomb_alart_curnier;
  if (solve == nullptr) throw std::invalid_argument("unknown friction solver '" + std::string(solver) + "'");
  const Stopwatch stopwatch;
  FrictionSolverResult result = solve(problem, options);
  result.seconds = stopwatch.seconds();
  return result;
}

}  // namespace relcp::lcp
