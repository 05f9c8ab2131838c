// Warm start from the previous step's forces on 1-4 ranks: persisting constraints start from
// their forces, new ones from zero, and an unchanged step needs no iteration.
#include <gtest/gtest.h>
#include <mpi.h>

#include "collision/assembly/contact_operator.hpp"
#include "collision/assembly/previous_step_forces.hpp"
#include "collision/linalg/distributed_vector_ops.hpp"
#include "collision/solvers/distributed_solver_registry.hpp"
#include "support/random_contact_problem.hpp"

namespace relcp::collision {
namespace {

using testing::ProblemShape;
using testing::RandomContactProblem;

TEST(PreviousStepForces, AnUnchangedStepStartsAtItsSolution) {
  const RandomContactProblem problem(MPI_COMM_WORLD,
                                     ProblemShape{.bodies = 40, .rows_per_generation = {60}, .seed = 51});
  DistributedConstraintMatrix matrix(MPI_COMM_WORLD, problem.owned_ids());
  matrix.append(problem.records(0));
  const BlockDiagonalMobility mobility = problem.mobility();
  const ContactOperator A(matrix, mobility, 0.2);
  DistributedVector c(A.layout());
  for (std::size_t i = 0; i < c.local_size(); ++i) c[i] = matrix.constraints()[i].phi;
  DistributedSolverOptions options;
  options.tolerance = 1e-9;
  const auto solver = make_distributed_solver("bbpgd");
  const DistributedSolverResult first = solver->solve(DistributedLcp{A, c}, options);
  ASSERT_EQ(first.status, lcp::Status::converged);
  ASSERT_GT(first.iterations, 0);
  EXPECT_GT(norm_inf(first.gamma), 0.0);

  const PreviousStepForces previous(matrix, first.gamma);
  matrix.reset(problem.owned_ids());
  matrix.append(problem.records(0));
  DistributedVector next_c(A.layout());
  for (std::size_t i = 0; i < next_c.local_size(); ++i) next_c[i] = matrix.constraints()[i].phi;
  const DistributedVector start = previous.warm_start(matrix);
  options.warm_start = &start;
  const DistributedSolverResult second = solver->solve(DistributedLcp{A, next_c}, options);
  EXPECT_EQ(second.status, lcp::Status::converged);
  EXPECT_EQ(second.iterations, 0);
}

TEST(PreviousStepForces, NewConstraintsStartFromZeroAndRepeatedKeysSumOverGenerations) {
  std::vector<GlobalId> owned;
  if (testing::rank_of(MPI_COMM_WORLD) == 0) owned = {0, 1, 2};
  DistributedConstraintMatrix matrix(MPI_COMM_WORLD, owned);
  const auto pair = [](GlobalId a, GlobalId b) {
    ConstraintRecord record;
    record.body_a = a;
    record.body_b = b;
    record.row.setOnes();
    return record;
  };
  const bool mine = testing::rank_of(MPI_COMM_WORLD) == 0;
  matrix.append(mine ? std::vector<ConstraintRecord>{pair(0, 1), pair(1, 2)} : std::vector<ConstraintRecord>{});
  matrix.append(mine ? std::vector<ConstraintRecord>{pair(0, 1)} : std::vector<ConstraintRecord>{});
  DistributedVector gamma(matrix.constraint_layout());
  if (mine) {
    gamma[0] = 1.0;  // (0, 1), generation 0
    gamma[1] = 2.0;  // (1, 2)
    gamma[2] = 0.5;  // (0, 1), generation 1
  }
  const PreviousStepForces previous(matrix, gamma);
  EXPECT_EQ(previous.size(), mine ? 2u : 0u);
  matrix.reset(owned);
  matrix.append(mine ? std::vector<ConstraintRecord>{pair(0, 1), pair(0, 2)} : std::vector<ConstraintRecord>{});
  const DistributedVector start = previous.warm_start(matrix);
  if (mine) {
    EXPECT_EQ(start[0], 1.5);  // (0, 1): both generations
    EXPECT_EQ(start[1], 0.0);  // (0, 2): new
  }
}

}  // namespace
}  // namespace relcp::collision
