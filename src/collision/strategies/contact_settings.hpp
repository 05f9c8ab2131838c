#pragma once
// What a contact-resolution strategy needs to know (docs/collision_strategies.md): the strategy,
// the distributed LCP solver and its tolerance, the ReLCP cap and its policy, the multisphere
// count, the broad-phase buffer, the walls, and the dynamics that give the mobility blocks.

#include <string>
#include <vector>

#include "collision/assembly/contact_dynamics.hpp"
#include "collision/assembly/friction_rows.hpp"
#include "collision/solvers/distributed_solver.hpp"
#include "geometry/shapes/shape.hpp"

namespace relcp::collision {

enum class ContactStrategyKind { single, multisphere, relcp };
enum class RelcpCapPolicy { accept, fail };  // on reaching max_relcp_iterations
// Coulomb friction (docs/friction.md): exact (De Saxce's modified velocity, a fixed point of cone
// complementarity problems) or the convex relaxation (CCP, Anitescu-Tasora).
enum class FrictionModel { coulomb, ccp };

struct ContactSettings {
  ContactStrategyKind strategy = ContactStrategyKind::relcp;
  std::string solver = "auto";  // apgd, or alm on hard networks (distributed_auto_solver.hpp)
  double tolerance = 1e-5;           // ReLCP overlap threshold, length units
  // LCP stopping tolerance (length units); 0: the same as `tolerance` (the prototype's choice).
  // Appendix C asks for less than the overlap threshold; halving it doubles BBPGD iterations
  // (docs/collision_strategies.md), so it is the user's call.
  double solver_tolerance = 0.0;
  double effective_solver_tolerance() const {
    return solver_tolerance > 0.0 ? solver_tolerance : tolerance;
  }
  int max_solver_iterations = 100000;
  // alm: the augmented Lagrangian's starting penalty times lambda_max(A) (docs/collision_alm.md).
  double alm_penalty = 1e6;
  // alm: where the Newton matrices are factorized (docs/collision_alm.md).
  AlmFactorization alm_factorization = AlmFactorization::automatic;
  // minmap: Belos method of the reduced Newton systems (docs/collision.md).
  KrylovMethod minmap_krylov = KrylovMethod::cg;
  // minmap: Krylov iterations per Newton step at most.
  int minmap_krylov_iterations = 300;
  // minmap: kappa of the Levenberg-Marquardt shift; 0: plain Newton until a step fails.
  double minmap_regularization = 1e-4;
  // Diagonal scaling of bbpgd / apgd / mprgp (docs/collision.md); minmap and alm take none.
  DistributedPreconditioner preconditioner = DistributedPreconditioner::none;
  // Start a step's first LCP from the previous step's forces, matched by constraint key
  // (PreviousStepForces), instead of zero (D25). Off by default: docs/collision_strategies.md.
  bool warm_start_from_previous_step = false;
  int max_relcp_iterations = 100;    // LCP solves per step at most (relcp)
  RelcpCapPolicy on_max_relcp_iterations = RelcpCapPolicy::accept;
  int multisphere_count = 13;
  double search_buffer = 0.2;        // added to the bounding radii for candidate pairs
  std::vector<geometry::HalfSpace> walls;  // unit normals toward the bodies' side
  // Coulomb coefficients of the pairs and of each wall; all zero: frictionless.
  FrictionCoefficients friction;
  FrictionModel friction_model = FrictionModel::coulomb;
  // coulomb: CCP solves per LCP at most in the fixed point on s = mu ||u_t||.
  int max_coulomb_iterations = 20;
};

// Throws InputError (key "solver" or "preconditioner") for a solver that does not exist or an
// option that does not apply to it, including friction with a solver other than apgd, bbpgd or
// auto, or with jacobi.
void validate_solver_settings(const ContactSettings& settings);

// The solver options of every contact LCP of a run; the resolver adds the starting point and the
// Jacobi diagonal per solve.
DistributedSolverOptions contact_solver_options(const ContactSettings& settings);

}  // namespace relcp::collision
