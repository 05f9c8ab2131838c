#pragma once
// Nonsmooth Gauss-Seidel on a contact LCP with friction cones, in body space (docs/friction.md,
// "nsgs"): the gathered problem A = s R diag(mu) R^T of body_space_lcp.hpp, swept one contact at a
// time with the others frozen (Jean and Moreau's NSGS, the default of Siconos and LMGC90), keeping
// the bodies' velocities v = diag(mu) R^T gamma up to date so that a contact's gap
// g_i = s R_i v + c_i costs one pass over its rows.
//
// Each contact's local problem, with b_i = g_i - W_ii gamma_i and W_ii = s R_i diag(mu) R_i^T:
//   1. b_n >= 0 (exact model) or b in the dual cone (ccp): gamma_i = 0, it separates;
//   2. -W_ii^-1 b_i in the cone: it sticks (g_i = 0);
//   3. otherwise the projected fixed point
//        gamma_i := P_K(gamma_i - rho (W_ii gamma_i + b_i + s(W_ii gamma_i + b_i) e_n)),
//      rho = 1 / lambda_max(W_ii), with De Saxce's shift s(u) = mu ||u_t|| + rolling ||u_r|| +
//      spinning |u_s| for the exact model and s = 0 for the ccp, until it stops moving.
// A row outside every cone is a unilateral row: gamma_r := max(0, gamma_r - g_r / W_rr).
// Sweeps alternate forward and backward over the contacts (symmetric Gauss-Seidel).
// After every sweep the natural map of the chosen model decides convergence.

#include <Eigen/Core>
#include <vector>

#include "collision/body_space/body_space_lcp.hpp"
#include "lcp/friction/friction_cone.hpp"
#include "lcp/status.hpp"

namespace relcp::collision {

enum class ConeModel { exact_coulomb, ccp };

struct BodySpaceNsgsResult {
  lcp::Status status = lcp::Status::max_iterations;
  int sweeps = 0;
  double residual = 0.0;        // the model's natural map ||gamma - P_K(gamma - (g + s(g)))||_inf
  std::vector<double> history;  // the residual after every sweep
};

// The sweeps between two checks of stop_when_out_of_reach (an even count: whole forward-backward pairs).
inline constexpr int kNsgsReachWindow = 50;

// gamma (in/out, global rows) starts the sweeps and ends as the answer. `cones` lists the global
// rows' cones. Stops at `tolerance` (converged), after max_sweeps (max_iterations), when a sweep
// moves nothing (stagnation) or on a value that is not finite (numerical_failure). With
// stop_when_out_of_reach, also (max_iterations) when the residual's decay over the last
// kNsgsReachWindow sweeps, extrapolated over the sweeps left, stays above the tolerance; judged from
// the second window on, since the first sweeps may raise the residual of a start they did not make.
BodySpaceNsgsResult body_space_nsgs(const BodySpaceLcp& lcp, const Eigen::VectorXd& c, const lcp::FrictionCones& cones,
                                    ConeModel model, double tolerance, int max_sweeps, Eigen::VectorXd& gamma,
                                    bool stop_when_out_of_reach = false);

// The model's natural map of gamma with gradient g = A gamma + c over `cones` (unilateral rows:
// |min(gamma, g)|), in the infinity norm.
double cone_model_residual(const lcp::FrictionCones& cones, ConeModel model, const Eigen::VectorXd& gamma,
                           const Eigen::VectorXd& g);

}  // namespace relcp::collision
