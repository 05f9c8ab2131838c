#pragma once
// Restarted GMRES(m) with right diagonal preconditioning on a matrix-free operator: the inner
// solver of the Newton methods for large systems (Erleben 2013, section 6). The operator is a
// function so that the same code serves assembled matrices, reduced (Schur) systems and the
// finite-difference Jacobian products of Fischer-Newton's approximation strategy.

#include <functional>

#include "lcp/types.hpp"

namespace relcp::lcp {

// result = K v. `result` is sized by the caller to the operator's dimension.
using LinearOperator = std::function<void(const Vector& v, Vector& result)>;

struct GmresSettings {
  int restart = 30;                 // Krylov basis size before a restart
  int max_iterations = 600;         // operator applications (excluding residual refreshes)
  double absolute_tolerance = 0.0;  // stop when ||rhs - K x||_2 <= this
};

struct GmresReport {
  int iterations = 0;
  double residual_norm = 0.0;  // ||rhs - K x||_2 of the returned x, recomputed at the end
  bool converged = false;      // residual_norm <= absolute_tolerance
};

// Keeps its Krylov workspace between calls: reuse one object across Newton iterations.
class GmresSolver {
 public:
  // x: initial guess in (sized like rhs), approximate solution out. inverse_diagonal: the
  // preconditioner P = diag(inverse_diagonal) applied on the right (K P u = rhs, x = P u);
  // empty means no preconditioning.
  GmresReport solve(const LinearOperator& K, const Vector& rhs, const Vector& inverse_diagonal,
                    const GmresSettings& settings, Vector& x);

 private:
  DenseMatrix basis_;       // n x (restart + 1) orthonormal Krylov vectors
  DenseMatrix hessenberg_;  // (restart + 1) x restart, kept upper triangular by Givens rotations
  Vector cosines_, sines_, projected_rhs_;
  Vector residual_, work_, preconditioned_;
};

}  // namespace relcp::lcp
