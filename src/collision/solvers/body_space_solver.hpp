#pragma once
// The loop shared by the body-space solvers (alm, ip): the LCP put in body-space form, gathered
// on rank 0 or distributed (`factorization`), then one method iteration at a time,
// every rank together. After each iteration the multipliers' residual (options.residual) is
// measured with the distributed operator, so the stopping test is the other solvers'. Status:
//   converged          the chosen residual is within options.tolerance;
//   stagnation         the method says it can make no more progress;
//   numerical_failure  a factorization failed or a value is not finite;
//   max_iterations     after options.max_iterations iterations (default: default_limit).

#include <Eigen/Core>
#include <mpi.h>

#include <cstdint>
#include <functional>
#include <memory>

#include "collision/body_space/body_space.hpp"
#include "collision/solvers/body_space_parameters.hpp"
#include "collision/solvers/distributed_solver.hpp"

namespace relcp::collision {

// Makes the method on a space from this rank's rows of c and of the starting multipliers.
using BodySpaceMethodFactory = std::function<std::unique_ptr<BodySpaceMethod>(
    std::unique_ptr<BodySpace> space, Eigen::VectorXd c, Eigen::VectorXd gamma0)>;

// Where the body-space methods factorize an LCP of `rows` rows under `where` on `comm`: gathered, distributed or
// substructured, never automatic (docs/collision_alm.md, "Gathered or distributed").
AlmFactorization resolve_body_space_factorization(AlmFactorization where, std::int64_t rows, MPI_Comm comm);

class BodySpaceMethodRun;
struct FillOrderingMemory;

// What a converged gathered solve leaves for the next solve of the same solver: its gathered LCP
// and method, so that a re-solve whose warm start extends its solution (ReLCP's, within one step)
// continues from its factorization (BodySpaceMethod::continue_from). Dropped by any other solve.
class BodySpaceCarry {
 public:
  BodySpaceCarry();
  ~BodySpaceCarry();
  BodySpaceCarry(const BodySpaceCarry&) = delete;
  BodySpaceCarry& operator=(const BodySpaceCarry&) = delete;

  std::unique_ptr<BodySpaceMethodRun> previous;
};

// Collective. std::invalid_argument unless problem.A is a ContactOperator (the method needs J
// and M); `name` goes into that message. `carry` (may be null): kept from solve to solve, above.
// `ordering` (may be null): the gathered factorizations' fill-reducing order, kept from solve to
// solve (FillOrderingMemory).
DistributedSolverResult solve_in_body_space(const DistributedLcp& problem, const DistributedSolverOptions& options,
                                            AlmFactorization factorization, int default_limit, const char* name,
                                            const BodySpaceMethodFactory& make_method, BodySpaceCarry* carry = nullptr,
                                            FillOrderingMemory* ordering = nullptr);

}  // namespace relcp::collision
