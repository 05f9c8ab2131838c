// Global reductions of the distributed solvers, counted by interposing MPI_Allreduce (PMPI):
// the operator application communicates point to point only, and one BBPGD iteration costs
// exactly two reductions (its merit, and s.s, s.y, y.y fused), as on the serial back end's count
// (docs/lcp_gradient.md).
#include <gtest/gtest.h>
#include <mpi.h>

#include "collision/assembly/contact_operator.hpp"
#include "collision/linalg/distributed_vector_ops.hpp"
#include "collision/solvers/distributed_solver_registry.hpp"
#include "support/random_contact_problem.hpp"

namespace {
long long allreduce_calls = 0;
}  // namespace

extern "C" int MPI_Allreduce(const void* send, void* receive, int count, MPI_Datatype type, MPI_Op op, MPI_Comm comm) {
  ++allreduce_calls;
  return PMPI_Allreduce(send, receive, count, type, op, comm);
}

namespace relcp::collision {
namespace {

using testing::ProblemShape;
using testing::RandomContactProblem;

struct CountedProblem {
  CountedProblem()
      : problem(MPI_COMM_WORLD, ProblemShape{.bodies = 60, .rows_per_generation = {90, 30}, .seed = 41}),
        matrix(problem.matrix(2)),
        mobility(problem.mobility()),
        A(matrix, mobility, 0.3),
        c(A.layout()) {
    for (std::size_t i = 0; i < c.local_size(); ++i) c[i] = i % 3 == 0 ? -1.0 : 0.25;
  }
  RandomContactProblem problem;
  DistributedConstraintMatrix matrix;
  BlockDiagonalMobility mobility;
  ContactOperator A;
  DistributedVector c;
};

TEST(Reductions, OperatorApplicationHasNone) {
  const CountedProblem counted;
  DistributedVector out(counted.A.layout());
  const long long before = allreduce_calls;
  for (int k = 0; k < 5; ++k) counted.A.apply(counted.c, out);
  EXPECT_EQ(allreduce_calls - before, 0);
}

TEST(Reductions, OneBbpgdIterationCostsTwo) {
  const CountedProblem counted;
  const auto solver = make_distributed_solver("bbpgd");
  const auto calls_for = [&](int iterations) {
    DistributedSolverOptions options;
    options.tolerance = 1e-300;
    options.max_iterations = iterations;
    const long long before = allreduce_calls;
    const DistributedSolverResult result = solver->solve(DistributedLcp{counted.A, counted.c}, options);
    EXPECT_EQ(result.iterations, iterations);
    return allreduce_calls - before;
  };
  const long long ten = calls_for(10);
  const long long thirty = calls_for(30);
  EXPECT_EQ(thirty - ten, 2 * 20);
}

}  // namespace
}  // namespace relcp::collision
