#pragma once
// The augmented Lagrangian solver "alm" (docs/collision_alm.md): the contact LCP in the bodies'
// velocities solved by the method of multipliers with sparse direct Newton steps
// (body_space/augmented_lagrangian.hpp), either gathered on rank 0 (CHOLMOD; the other ranks
// wait) or distributed (each rank its own rows, MUMPS over all ranks), as
// BodySpaceParameters::factorization says. Its cost follows the factorization of the contact network's
// stiffness, not the conditioning of A, which grows with the network and sets the iteration
// counts of bbpgd, apgd and mprgp. It needs the ContactOperator (std::invalid_argument for any
// other operator).
//
// After every Newton step the multiplier estimate is scattered and its residual (options.residual)
// measured with the distributed operator, so the stopping test is the other solvers'. It stops
// with
//   converged       the chosen residual is within options.tolerance;
//   stagnation      three line searches in a row found no decrease;
//   numerical_failure  the factorization failed or a value is not finite;
//   max_iterations  after options.max_iterations Newton steps (default 200).
// history holds the residual after every Newton step. With BodySpaceParameters::carry_factorization
// a gathered re-solve whose warm start extends the last converged solve's solution
// (DistributedSolverOptions::warm_start_extends_solution) starts from that solve's last
// factorization and penalty, updated for the rows that changed; every such re-solve keeps its
// starting penalty (never raises it), so that the next one can continue from it. InputError
// ("alm_penalty") when the penalty is not positive and finite.

#include "collision/body_space/cholmod_newton_factorization.hpp"
#include "collision/solvers/body_space_parameters.hpp"
#include "collision/solvers/body_space_solver.hpp"
#include "collision/solvers/distributed_solver.hpp"

namespace relcp::collision {

inline constexpr int kDefaultAlmNewtonSteps = 200;

class DistributedAlmSolver final : public DistributedLcpSolver {
 public:
  explicit DistributedAlmSolver(BodySpaceParameters parameters = {}) : parameters_(parameters) {}
  std::string_view name() const override { return "alm"; }
  DistributedSolverResult solve(const DistributedLcp& problem, const DistributedSolverOptions& options) const override;

 private:
  BodySpaceParameters parameters_;
  // A converged gathered solve's factorization, for the next solve if it is a ReLCP re-solve of
  // the same step (body_space_solver.hpp); with carry_factorization only.
  mutable BodySpaceCarry carry_;
  // The gathered factorizations' fill-reducing order, from solve to solve (body_space_solver.hpp).
  mutable FillOrderingMemory ordering_;
};

}  // namespace relcp::collision
