#pragma once
// Minimum-map Newton on distributed problems (Erleben 2013, section 5.4; the serial twin is
// lcp/minmap_newton.hpp): Newton's method on H(gamma) = min(gamma, w), w = A gamma + c. The
// active rows {w_i < gamma_i} take A's row, the others the identity, and J dz = -H reduces to
//   A_AA dz_A = -w_A + (A P_F H)_A,   dz_F = -H_F,
// solved inexactly by Belos CG (or GMRES) on the masked operator of belos_masked_solve.hpp,
// matrix-free, to ||J dz + H|| <= eta ||H|| with eta = min(0.1, ||H||) (floored at 1e-10).
// Steps come from a projected Armijo search on theta = ||H||^2 / 2; iterates stay >= 0.
//
// It stops with
//   converged       the chosen residual (options.residual) is within options.tolerance;
//   nondescent      the direction is not finite or fails grad theta . dz <= -eps ||dz||^2
//                   (a singular A_AA, typical for redundant contacts, can end here);
//   local_minimum   ||grad theta||_2 <= 1e-12 ||H||_2 at a non-solution;
//   stagnation      negligible direction, or no Armijo step above 1e-14;
//   max_iterations  after options.max_iterations Newton steps (default 100).
// history holds the chosen residual after every accepted step.

#include "collision/distributed_solver.hpp"

namespace relcp::collision {

inline constexpr int kDefaultDistributedNewtonIterations = 100;

class DistributedMinMapSolver final : public DistributedLcpSolver {
 public:
  std::string_view name() const override { return "minmap"; }
  DistributedSolverResult solve(const DistributedLcp& problem,
                                const DistributedSolverOptions& options) const override;
};

}  // namespace relcp::collision
