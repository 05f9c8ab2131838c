#pragma once
// What the frictional solvers share (friction_solvers.hpp): checked options, the starting
// point and the final, recomputed report. Internal to lcp/friction.

#include <Eigen/Core>
#include <algorithm>

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

// The 3x3 diagonal block of W at rows and columns row .. row + 2 (one contact's own block).
Eigen::Matrix3d contact_block(const LcpProblem& local, Index row);

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

}  // namespace relcp::lcp::friction_detail
