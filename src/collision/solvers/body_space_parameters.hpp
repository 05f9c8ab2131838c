#pragma once
// The knobs of the body-space solvers "alm" and "ip" (and of "auto", which runs them), with their
// scenario keys (docs/collision_alm.md).

#include "collision/body_space/newton_system.hpp"
#include "collision/solvers/solver_parameters.hpp"

namespace relcp::collision {

// Where alm and ip factorize their Newton matrices (docs/collision_alm.md).
enum class AlmFactorization {
  automatic,      // gathered while the LCP has at most kAlmGatherRows rows, else distributed
  gathered,       // the LCP gathered on rank 0, CHOLMOD; the other ranks wait
  distributed,    // each rank its own rows, MUMPS over all ranks; nothing gathered
  substructured,  // each rank its own rows, CHOLMOD on each rank and the interface's Schur complement
};

// The largest LCP alm gathers on rank 0 under AlmFactorization::automatic: about 0.5 GB there.
inline constexpr long long kAlmGatherRows = 200000;

struct BodySpaceParameters {
  // alm: the penalty rho of the augmented Lagrangian is penalty / lambda_max(A); the multiplier
  // update shrinks an error component along an eigenvalue lambda of A by 1 / (1 + rho lambda).
  // Must be positive and finite. Key alm_penalty.
  double penalty = 1e6;
  AlmFactorization factorization = AlmFactorization::automatic;  // key alm_factorization
  // A Newton matrix with fewer changed rows than this is solved by at most this many
  // conjugate-gradient iterations on the last factorization before it is refactorized
  // (NewtonSystem); 0: refactorize every change. Key newton_reuse_iterations. Measured on the
  // colony (docs/collision_alm.md, "Factorizations"): 10 saved 7 % of the step at 2048 cells and
  // 8-10 % at 4096; 30 and more cost more than they saved.
  int reuse_iterations = 10;
  // A Newton matrix whose changed rows are at most this fraction of the LCP's rows modifies the
  // last factorization by rank-k updates and downdates instead of refactorizing (NewtonSystem;
  // CHOLMOD, gathered or substructured, where it replaces reuse_iterations). 0: off. Key
  // newton_update_fraction. Measured on the colony (docs/collision_alm.md, "Updates").
  double update_fraction = 0.02;
  // alm, gathered: a ReLCP re-solve starts from the last factorization and penalty of the step's
  // previous solve instead of a factorization of its own (BodySpaceCarry). Key alm_carry
  // (resolves | none). On the colony it cut the factorizations per step from 10.8 to 8.5 at 4,096
  // cells and from 13.0 to 9.0 at 8,192, and the step by 10-13 %, for a quarter more peak memory
  // (docs/collision_alm.md, "Where the factorizations of a step come from").
  bool carry_factorization = true;

  NewtonReuse newton_reuse() const { return {reuse_iterations, update_fraction}; }

  static const std::vector<SolverParameterSpec>& scenario_keys();
  static BodySpaceParameters from(const SolverParameterValues& values);
};

}  // namespace relcp::collision
