#pragma once
// Minimum-map Newton on distributed problems (Erleben 2013, section 5.4; the serial twin is
// lcp/newton/minmap_newton.hpp): Newton's method on H(gamma) = min(gamma, w), w = A gamma + c. The
// active rows {w_i < gamma_i} take A's row, the others the identity, and J dz = -H reduces to
//   (A_AA + mu I) dz_A = -w_A + (A P_F H)_A,   dz_F = -H_F,
// solved inexactly by Belos CG (or GMRES) on the masked operator of belos_masked_solve.hpp,
// matrix-free, to ||J dz + H|| <= eta ||H|| with eta = min(0.1, ||H||) (floored at 1e-10).
// mu is a Levenberg-Marquardt shift (not in Erleben's method): A_AA is singular or nearly so when
// ReLCP adds nearly parallel (or repeated) rows for one body pair, and the plain Newton direction
// is then huge with entries of both signs, which the projection onto gamma >= 0 turns into a
// non-descent path. mu = max(kappa s min(1, ||H||_2 / ||H_0||_2), mu_prev / 10) with
// kappa = minmap_regularization (1e-4; 0: plain Newton until a step fails),
// s = H_A^T A H_A / H_A^T H_A the scale of A_AA along the residual, and mu_prev the shift of the
// previous accepted step (Levenberg-Marquardt memory); mu -> 0 with ||H||, which keeps the fast
// local convergence. A step that fails (direction not finite or not a descent direction, or no
// Armijo step down to 2^-10) is retried with mu <- max(10 mu, 1e-4 s), up to 7 times (the last
// search goes down to 1e-14), and then replaced by the steepest-descent direction
// -grad theta / s.
// Steps come from a projected Armijo search on theta = ||H||^2 / 2; iterates stay >= 0.
//
// It stops with
//   converged       the chosen residual (options.residual) is within options.tolerance;
//   nondescent      grad theta is not finite after every shifted direction failed;
//   local_minimum   ||grad theta||_2 <= 1e-12 ||H||_2 at a non-solution;
//   stagnation      negligible Newton direction, or no Armijo step above 1e-14 along the most
//                   shifted direction nor along -grad theta;
//   max_iterations  after options.max_iterations Newton steps (default 100).
// history holds the chosen residual after every accepted step. InputError
// ("minmap_regularization") when kappa is negative or not finite.

#include "collision/solvers/distributed_solver.hpp"
#include "collision/solvers/minmap_parameters.hpp"

namespace relcp::collision {

inline constexpr int kDefaultDistributedNewtonIterations = 100;

class DistributedMinMapSolver final : public DistributedLcpSolver {
 public:
  explicit DistributedMinMapSolver(MinMapParameters parameters = {}) : parameters_(parameters) {}
  std::string_view name() const override { return "minmap"; }
  DistributedSolverResult solve(const DistributedLcp& problem, const DistributedSolverOptions& options) const override;

 private:
  MinMapParameters parameters_;
};

}  // namespace relcp::collision
