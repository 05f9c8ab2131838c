#pragma once
// The linear solve inside a min-map Newton step (distributed_minmap_solver.hpp): with the active
// rows marked by `active` (P_A the 0/1 diagonal of the mask, P_F = I - P_A),
//
//   B x = b,   B = P_A A P_A + P_F,
//
// i.e. A_AA x_A = b_A and x_F = b_F, solved by Belos (pseudo-block CG or GMRES) on a
// Tpetra::Operator that applies B matrix-free through A's Tpetra operator. B is symmetric, and
// positive definite when A_AA is; CG is the method for that case. C++17-clean interface.

#include <vector>

#include "collision/distributed_linear_operator.hpp"
#include "collision/distributed_solver.hpp"
#include "collision/distributed_vector.hpp"

namespace relcp::collision {

struct KrylovSettings {
  KrylovMethod method = KrylovMethod::cg;
  double relative_tolerance = 1e-8;  // on ||B x - b||_2 / ||b||_2
  int max_iterations = 300;
};

struct KrylovOutcome {
  bool converged = false;
  int iterations = 0;
  int applications = 0;  // of A, through B
};

// Collective. `active[i]` != 0 marks local row i active; x holds the start on entry (usually
// zero) and the Belos iterate on return, converged or not. A Belos failure (breakdown on a
// singular A_AA) is reported as not converged, never thrown.
KrylovOutcome solve_masked_system(const DistributedLinearOperator& A,
                                  const std::vector<unsigned char>& active,
                                  const DistributedVector& b, DistributedVector& x,
                                  const KrylovSettings& settings);

}  // namespace relcp::collision
