#pragma once
// Minimum-map Newton (Erleben 2013, section 5.4): Newton's method on H(z) = min(z, Mz + q).
// The generalized Jacobian J takes the row of M for the active rows A = {i : w_i < z_i} and the
// identity row elsewhere (F). J dz = -H is solved through the reduced (Schur) system
//   M_AA dz_A = -H_A - M_AF dz_F,   dz_F = -H_F,
// by a dense factorization when n <= options.direct_solve_limit and by Jacobi-preconditioned
// GMRES on the sparse (or dense) M_AA above it. Steps come from the projected Armijo search on
// theta = ||H||^2 / 2 (projected_line_search.hpp); iterates stay >= 0.
//
// The solver (make_minmap_solver) ends with
//   converged       ||min(z, Mz + q)||_inf <= options.tolerance;
//   nondescent      the Newton direction fails grad theta^T dz <= -eps ||dz||^2, is not
//                   finite, or no step down to 1e-14 decreases theta although the trial points
//                   differ from z: the expected end on contact LCPs, whose M_AA is singular
//                   (Erleben 2013, section 7); no gradient fallback is taken;
//   local_minimum   ||grad theta||_2 <= 1e-10 max(1, ||M||_inf) ||H||_2 at a non-solution;
//   stagnation      negligible direction, a line search whose trial points all round to z, or
//                   a relative change of theta below options.relative_tolerance (when > 0);
//   max_iterations  after options.max_iterations Newton steps (default 100).
// merit_history holds theta after each accepted step.
// With options.minmap_globalization = fischer_burmeister (fischer_merit_globalization.hpp) steps
// are measured by the Fischer-Burmeister merit instead, with Fischer-Newton and gradient
// fallbacks: nondescent does not occur, and local_minimum, the relative test and merit_history
// refer to that merit.

#include <vector>

#include "lcp/newton/gmres.hpp"
#include "lcp/newton/newton_system.hpp"
#include "lcp/problem.hpp"
#include "lcp/types.hpp"

namespace relcp::lcp {

// H and its generalized Jacobian at one iterate, with solves of J dz = rhs.
class MinMapLinearization {
 public:
  // symmetric: M is symmetric, so that M_AA may be factorized by Cholesky.
  MinMapLinearization(const LcpProblem& problem, bool symmetric);

  // z >= 0 and w = Mz + q.
  void linearize(const Vector& z, const Vector& w);

  const Vector& map() const { return H_; }  // H = min(z, w)
  bool is_active(Index i) const { return position_in_active_[i] >= 0; }
  Index active_count() const { return static_cast<Index>(active_.size()); }

  Vector jacobian_product(const Vector& dz) const;  // J dz
  Vector merit_gradient() const;                    // J^T H = grad theta

  // dz with J dz = rhs: exact up to round-off when settings.direct, otherwise GMRES on the
  // reduced system stopped at ||J dz - rhs||_2 <= settings.absolute_tolerance.
  InnerSolveReport solve(const Vector& rhs, Vector& dz, const InnerSolveSettings& settings);

 private:
  void assemble_reduced_dense();
  void assemble_reduced_sparse();

  const LcpProblem& problem_;
  bool symmetric_;
  Vector H_;
  std::vector<Index> active_;
  std::vector<Index> position_in_active_;  // -1 for rows in F
  DenseMatrix reduced_dense_;              // M_AA when dense storage is used
  SparseMatrix reduced_sparse_;            // M_AA for the iterative path on a sparse M
  DenseNewtonSolve dense_solve_;
  GmresSolver gmres_;
};

}  // namespace relcp::lcp
