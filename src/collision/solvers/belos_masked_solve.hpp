#pragma once
// The linear solve inside a min-map Newton step (distributed_minmap_solver.hpp): with the active
// rows marked by `active` (P_A the 0/1 diagonal of the mask, P_F = I - P_A),
//
//   B x = b,   B = P_A (A + mu I) P_A + P_F,
//
// i.e. (A_AA + mu I) x_A = b_A and x_F = b_F (mu >= 0 the Levenberg-Marquardt shift, 0 for the
// plain Newton system), solved by Belos (pseudo-block CG or GMRES) on a
// Tpetra::Operator that applies B matrix-free through A's Tpetra operator. B is symmetric, and
// positive definite when A_AA is or mu > 0; CG is the method for that case. C++17-clean interface.

#include <vector>

#include "collision/linalg/distributed_linear_operator.hpp"
#include "collision/linalg/distributed_vector.hpp"
#include "collision/solvers/minmap_parameters.hpp"

namespace relcp::collision {

struct KrylovSettings {
  KrylovMethod method = KrylovMethod::cg;
  double relative_tolerance = 1e-8;  // on ||B x - b||_2 / ||b||_2
  int max_iterations = 300;
  double shift = 0.0;  // mu >= 0 added to the diagonal of the active block
};

struct KrylovOutcome {
  bool converged = false;
  int iterations = 0;
  int applications = 0;  // of A, through B
};

// Collective. `active[i]` != 0 marks local row i active; x holds the start on entry (usually
// zero) and the Belos iterate on return, converged or not. A Belos failure (breakdown on a
// singular A_AA) is reported as not converged, never thrown; std::invalid_argument when the
// mask, b and x differ in local size or settings.shift is negative or not finite.
KrylovOutcome solve_masked_system(const DistributedLinearOperator& A, const std::vector<unsigned char>& active,
                                  const DistributedVector& b, DistributedVector& x, const KrylovSettings& settings);

}  // namespace relcp::collision
