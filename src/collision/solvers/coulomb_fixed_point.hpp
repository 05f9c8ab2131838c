#pragma once
// Exact Coulomb friction from cone complementarity problems (docs/friction.md).
//
// The CCP (Anitescu-Tasora) is the exact Coulomb problem with the normal velocity u_n replaced by
// u_n + mu ||u_t|| (De Saxce's modified velocity) held fixed: with s_i = mu_i ||g_t,i|| of the
// tangential gradient g = A gamma + c, the Coulomb solution solves the CCP with c_n + s. The
// fixed point iterates s <- mu ||g_t(gamma(s))||, each CCP warm-started from the last gamma,
// until the exact problem's natural map ||gamma - P_K(gamma - (g + s(g)))||_inf is within the
// tolerance (length units, like c). It is not a contraction in general: on a pile with many
// sliding contacts it can stall above a tight tolerance (docs/friction.md). A ReLCP re-solve
// (a warm start that extends a solution) starts s from its warm start's shift, any other solve
// from zero; once a pass is within three times the tolerance, the next CCPs are solved to half
// of it. After max_ccp_solves, or once three passes after the first have not lowered the
// residual by 10 %, it hands the exact problem to a solver that takes it whole (CoulombRescue:
// nsgs in the simulator), warm-started from the last forces; only when that does not converge
// within its iterations either does it fall back to the CCP of the unshifted problem (the
// relaxed model) for this LCP, warm-started from the fixed point's last forces: its gaps stay
// open, where a stalled s may overlap.

#include "collision/solvers/distributed_solver.hpp"
#include "lcp/friction/friction_cone.hpp"

namespace relcp::collision {

// The solver a stalled fixed point hands the exact problem to before the CCP fallback: one with
// the exact_coulomb capability, at most max_iterations iterations, stopped earlier once it cannot
// converge within them (DistributedSolverOptions::stop_when_out_of_reach). Null: straight to the CCP.
struct CoulombRescue {
  const DistributedLcpSolver* exact_solver = nullptr;
  int max_iterations = 0;
};

struct CoulombSolve {
  DistributedSolverResult result;  // the last CCP's, iterations summed over all CCP solves;
                                   // natural_residual is the CCP's
  int ccp_solves = 0;              // every CCP solved, the fallback's included
  int fixed_point_passes = 0;      // the CCPs of the fixed point
  bool fixed_point_converged = false;
  bool rescued = false;           // the fixed point stalled and the rescue solver converged: result is its
  bool fell_back_to_ccp = false;  // the fixed point stalled (and the rescue did not converge): result is the
                                  // relaxed model's, the first pass's when that solved the unshifted CCP
  double last_change = 0.0;       // ||s_new - s||_inf of the last pass
  double coulomb_residual = 0.0;  // ||gamma - P_K(gamma - (g + s(g)))||_inf, s(g) = mu ||g_t||
};

// Collective. `options.cones` must be set; options.tolerance ends the CCP solves, the fixed point
// and the rescue.
CoulombSolve solve_coulomb_fixed_point(const DistributedLcpSolver& ccp_solver, const DistributedLcp& problem,
                                       const DistributedSolverOptions& options, int max_ccp_solves,
                                       CoulombRescue rescue = {});

// s on the normal rows of the cones, mu ||g_t|| (+ rolling ||g_r|| + spinning |g_s| where the
// cone has those rows); zero elsewhere. `s` has g's layout.
void de_saxce_shift(const lcp::FrictionCones& cones, const DistributedVector& g, DistributedVector& s);

// Collective: the friction state of a solution gamma with gradient g = A gamma + c.
struct FrictionState {
  // max(||gamma_t|| - mu gamma_n, 0) over the contacts, and the same for the rolling and spinning
  // rows with their coefficients
  double max_cone_violation = 0.0;
  std::int64_t sticking = 0;  // gamma_n > 0 and ||g_t|| <= slip_tolerance
  std::int64_t sliding = 0;   // gamma_n > 0 and ||g_t|| > slip_tolerance
};
FrictionState friction_state(const lcp::FrictionCones& cones, const DistributedVector& gamma,
                             const DistributedVector& g, double slip_tolerance);

}  // namespace relcp::collision
