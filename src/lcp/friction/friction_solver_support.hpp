#pragma once
// What the frictional solvers share (friction_solvers.hpp, rolling_friction_solvers.hpp): checked
// options, the starting point, one contact's block of W and the final, recomputed report. The
// rolling overloads of start_solve and finish are in rolling_solver_support.hpp. Internal to
// lcp/friction.

#include <Eigen/Core>
#include <algorithm>
#include <string_view>

#include "lcp/friction/friction_cone.hpp"
#include "lcp/friction/friction_solvers.hpp"

namespace relcp::lcp::friction_detail {

// project_onto_friction_cone, except that mu = 0 always gives (max(n, 0), 0, 0): the shared
// function tests "inside" first, and with mu = 0, t = 0 and n < 0 it finds t <= mu n = -0 and
// keeps the negative n (reported; friction_cone.hpp is not changed here).
inline void project_onto_contact_cone(double mu, double& n, double& t1, double& t2) {
  if (mu == 0.0) {
    n = std::max(n, 0.0);
    t1 = t2 = 0.0;
    return;
  }
  project_onto_friction_cone(mu, n, t1, t2);
}

// The d x d diagonal block of W at rows and columns row .. row + d - 1 (one contact's own block).
template <int d>
Eigen::Matrix<double, d, d> contact_block(const LcpProblem& local, Index row) {
  if (!local.is_sparse()) return local.dense().block<d, d>(row, row);
  Eigen::Matrix<double, d, d> block = Eigen::Matrix<double, d, d>::Zero();
  const SparseMatrix& W = local.sparse();
  for (Index i = 0; i < d; ++i) {
    for (SparseMatrix::InnerIterator entry(W, row + i); entry; ++entry) {
      const Index column = entry.col();
      if (column >= row && column < row + d) block(i, column - row) = entry.value();
    }
  }
  return block;
}

// The start of every solve: the options checked (std::invalid_argument for a bad tolerance,
// iteration cap or warm-start size), r = the warm start projected onto the cones, or 0, and the
// iteration cap, `default_iterations` when the options leave it at 0.
struct SolveStart {
  Vector r;
  int max_iterations = 0;
};
SolveStart start_solve(const FrictionContactProblem& problem, const FrictionSolverOptions& options,
                       int default_iterations);

// Fills r, u and error from r, and keeps `status` only when it is consistent with the error:
// `converged` with an error above the tolerance becomes `stagnation`, and a non-finite r or
// error is a `numerical_failure`.
FrictionSolverResult finish(const FrictionContactProblem& problem, const FrictionSolverOptions& options, Status status,
                            int iterations, int outer_iterations, Vector r);

// What start_solve and finish do for any problem: the options checked for a problem of `size`
// rows, messages naming `solver`, with r = the warm start (not yet projected) or 0; and the
// report of r, its velocity u and its error.
SolveStart checked_start(std::string_view solver, Index size, const FrictionSolverOptions& options,
                         int default_iterations);
FrictionSolverResult report(const FrictionSolverOptions& options, Status status, int iterations, int outer_iterations,
                            Vector r, Vector u, double error);

}  // namespace relcp::lcp::friction_detail
