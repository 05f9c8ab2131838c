#pragma once
// The linear algebra policy shared by the Newton-type solvers: dense factorizations for systems
// up to options.direct_solve_limit unknowns, preconditioned GMRES (gmres.hpp) above it, with an
// inexact-Newton forcing tolerance that keeps the direction a descent direction (Erleben 2013,
// theorem 5.2: ||J dz + H|| <= gamma ||H|| with gamma < 1).

#include <Eigen/Cholesky>
#include <Eigen/LU>
#include <Eigen/QR>

#include "lcp/problem.hpp"
#include "lcp/solver.hpp"
#include "lcp/types.hpp"

namespace relcp::lcp {

inline bool use_direct_solve(Index n, const SolverOptions& options) { return n <= options.direct_solve_limit; }

// Absolute tolerance on ||J dz + H||_2 for the iterative solve: eta ||H||_2 with the forcing
// term eta = min(0.1, ||H||_2) (superlinear, then quadratic near a solution), floored at 1e-10
// because GMRES cannot go much below round-off relative to the right-hand side.
double inexact_newton_tolerance(double merit_vector_norm);

// How to solve one Newton system: a dense factorization (exact up to round-off) or GMRES
// stopped at ||residual||_2 <= absolute_tolerance.
struct InnerSolveSettings {
  bool direct = true;
  double absolute_tolerance = 0.0;  // iterative only
};

struct InnerSolveReport {
  int iterations = 0;          // GMRES operator applications; 0 for a direct solve
  double residual_norm = 0.0;  // ||J dz - rhs||_2 reported by GMRES; 0 for a direct solve
  bool converged = true;       // GMRES reached its tolerance
};

// A non-solution is a local minimum of theta = ||H||^2 / 2 when ||J^T H||_2 <= ratio ||H||_2;
// ratio = 1e-10 max(1, ||M||_inf) measures "J^T H vanishes" against the size of J.
double local_minimum_ratio(const LcpProblem& problem);

enum class DenseFactorization { none, cholesky, lu, least_squares };

// Factorizes a dense Newton matrix K once and solves with it; keeps its storage between calls
// so that repeated factorizations of the same size allocate nothing.
class DenseNewtonSolve {
 public:
  // Cholesky when allow_cholesky (K symmetric) and K is numerically positive definite, LU
  // otherwise, and a complete orthogonal decomposition (minimum-norm least-squares solution)
  // when K is numerically singular. The caller checks whether the resulting direction is
  // usable (descent test).
  void factorize(const DenseMatrix& K, bool allow_cholesky);
  void solve(const Vector& rhs, Vector& x) const;
  DenseFactorization method() const { return method_; }

 private:
  Eigen::LLT<DenseMatrix> cholesky_;
  Eigen::PartialPivLU<DenseMatrix> lu_;
  Eigen::CompleteOrthogonalDecomposition<DenseMatrix> least_squares_;
  DenseFactorization method_ = DenseFactorization::none;
};

// 1 / d_i where d_i != 0 and 1 elsewhere: the Jacobi preconditioner handed to GMRES.
Vector safe_inverse_diagonal(const Vector& diagonal);

}  // namespace relcp::lcp
