#pragma once
// What a contact-resolution strategy needs to know (docs/collision_strategies.md): the strategy,
// the distributed LCP solver and its tolerance, the ReLCP cap and its policy, the multisphere
// count, the broad-phase buffer, the walls, and the dynamics that give the mobility blocks.

#include <string>
#include <vector>

#include "collision/distributed_solver.hpp"
#include "geometry/shape.hpp"

namespace relcp::collision {

enum class ContactStrategyKind { single, multisphere, relcp };
enum class RelcpCapPolicy { accept, fail };  // on reaching max_relcp_iterations

struct ContactSettings {
  ContactStrategyKind strategy = ContactStrategyKind::relcp;
  std::string solver = "bbpgd";
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
};

// The mobility model of the bodies: overdamped local drag (paper eq. 27, A = dt D^T M D) or
// inertial uniform density (A = dt^2 D^T M^-1 D). A monolayer (bodies in z = 0 turning about
// z) projects every block, P M P, so that the contact velocity dU is planar too.
struct ContactDynamics {
  bool inertial = false;
  double drag = 1.0;     // overdamped xi
  double density = 1.0;  // inertial
  bool monolayer = false;
};

}  // namespace relcp::collision
