#pragma once
// What contact resolution needs to know (docs/collision_strategies.md), grouped as a scenario's
// collision section reads: the strategy and its detection, the distributed LCP solver, friction,
// and the walls. The dynamics that give the mobility blocks come separately (ContactDynamics).

#include <cstdint>
#include <string>
#include <vector>

#include "collision/assembly/friction_rows.hpp"
#include "collision/solvers/distributed_solver.hpp"
#include "collision/solvers/solver_parameters.hpp"
#include "geometry/shapes/shape.hpp"

namespace relcp::collision {

enum class RelcpCapPolicy { accept, fail };  // on reaching max_relcp_iterations
// relcp: rows at the far end of line contacts at a step's start (detection/line_contact_rows.hpp);
// automatic: where the step's first LCP goes to ip (line_contact_rows_wanted).
enum class LineContactRows { automatic, on, off };
// Coulomb friction (docs/friction.md): exact (De Saxce's modified velocity, a fixed point of cone
// complementarity problems) or the convex relaxation (CCP, Anitescu-Tasora).
enum class FrictionModel { coulomb, ccp };

struct StrategySettings {
  std::string name = "relcp";      // a name of strategy_registry.hpp
  double tolerance = 1e-5;         // ReLCP overlap threshold, length units
  int max_relcp_iterations = 100;  // LCP solves per step at most (relcp)
  RelcpCapPolicy on_max_relcp_iterations = RelcpCapPolicy::accept;
  int multisphere_count = 13;
  double search_buffer = 0.2;  // added to the bounding radii for candidate pairs
  // relcp: the rows that carried force at the end of a step enter the next step's first LCP,
  // which starts from their forces (CarriedContacts; docs/collision_strategies.md, "Carried rows").
  bool carried_rows = false;
  LineContactRows line_contact_rows = LineContactRows::automatic;
};

struct SolverSettings {
  std::string name = "auto";  // a name of distributed_solver_registry.hpp
  // LCP stopping tolerance (length units); 0: the strategy's overlap tolerance (the ReLCP
  // prototype's choice). Palmer, Aktulga and Gao (2025, App. C) ask for less than the overlap
  // threshold; halving it doubles BBPGD iterations (docs/collision_strategies.md), so it is the
  // user's call.
  double tolerance = 0.0;
  int max_iterations = 100000;
  // Diagonal scaling (docs/collision.md): solvers with the jacobi_scaling capability only;
  // automatic: jacobi on frictional LCPs (docs/friction.md, "Jacobi scaling on the cones").
  DistributedPreconditioner preconditioner = DistributedPreconditioner::automatic;
  // Start a step's first LCP from the previous step's forces, matched by constraint key
  // (PreviousStepForces), instead of zero. Off by default: docs/collision_strategies.md.
  bool warm_start_from_previous_step = false;
  // cuda: bbpgd and apgd iterate on the rank's GPU (docs/gpu.md).
  ComputeBackend backend = ComputeBackend::cpu;
  // The solver's own knobs, by scenario key (each solver reads its parameter struct from them).
  SolverParameterValues parameters;
};

struct FrictionSettings {
  // Coulomb coefficients of the pairs and of each wall; all zero: frictionless.
  FrictionCoefficients coefficients;
  FrictionModel model = FrictionModel::coulomb;
  // coulomb: CCP solves per LCP at most in the fixed point on s = mu ||u_t||.
  int max_coulomb_iterations = 50;
  // coulomb: nsgs sweeps on the exact problem that a stalled fixed point may take, from its last
  // forces, before it falls back to the CCP (docs/friction.md); 0: straight to the CCP.
  int max_coulomb_rescue_sweeps = 1000;

  bool any() const { return coefficients.any(); }
};

struct ContactSettings {
  StrategySettings strategy;
  SolverSettings solver;
  FrictionSettings friction;
  std::vector<geometry::HalfSpace> walls;  // unit normals toward the bodies' side
  // cuda: the pairs of ellipsoids and spheres get their separations on the rank's GPU
  // (docs/gpu.md, "Separations on the device"); the scenario's default follows solver.backend.
  ComputeBackend detection_backend = ComputeBackend::cpu;
  // cuda: the candidate pairs' cell-list search runs on the rank's GPU (docs/gpu.md, "Pair search
  // on the device"); the scenario's default follows detection_backend.
  ComputeBackend pair_search_backend = ComputeBackend::cpu;

  double effective_solver_tolerance() const { return solver.tolerance > 0.0 ? solver.tolerance : strategy.tolerance; }
};

// Whether a relcp step's first LCP, of `first_rows` rows over all ranks, gets rows at the far end
// of its line contacts: `on`; never with `off`; with `automatic` where that LCP goes to ip (solver
// ip, or auto with at least kAutoFarInteriorPointRows rows), since alm's first solve, which
// starts from the carried forces, took about twice the Newton steps with them on the 4,096-cell
// colony (docs/collision_strategies.md, "Line contact rows").
bool line_contact_rows_wanted(const ContactSettings& settings, std::int64_t first_rows);

// The preconditioner an LCP is solved with: the setting, with `automatic` resolved to jacobi where
// the LCP has friction cones and the solver takes jacobi on the CPU (on the sphere stacks and heaps
// of docs/friction.md, "Jacobi scaling on the cones", 18-35 % fewer apgd iterations), none
// otherwise (no gain without friction: docs/collision.md, "Jacobi preconditioning").
DistributedPreconditioner effective_preconditioner(const ContactSettings& settings, bool has_cones);

// Throws InputError (key "strategy", "solver" or "preconditioner") for a strategy or solver that
// does not exist or an option that its capabilities do not allow: jacobi with a solver without
// jacobi_scaling, friction with a solver without friction_cones, or friction with jacobi.
void validate_contact_settings(const ContactSettings& settings);

// The solver options of every contact LCP of a run; the resolver adds the starting point and the
// Jacobi diagonal per solve.
DistributedSolverOptions contact_solver_options(const ContactSettings& settings);

}  // namespace relcp::collision
