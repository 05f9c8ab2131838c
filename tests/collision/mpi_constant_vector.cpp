// extend_constant_vector on 1-4 ranks: c = phi + dt J V for the newest generation, the earlier
// rows unchanged (the append-only form of docs/collision.md).
#include <gtest/gtest.h>
#include <mpi.h>

#include "collision/assembly/constant_vector.hpp"
#include "collision/linalg/distributed_vector_ops.hpp"
#include "support/random_contact_problem.hpp"

namespace relcp::collision {
namespace {

using testing::ProblemShape;
using testing::RandomContactProblem;

TEST(ConstantVector, NewRowsGetPhiPlusDtTimesTheirRateAndOldRowsStay) {
  const RandomContactProblem problem(MPI_COMM_WORLD, ProblemShape{.bodies = 30, .rows_per_generation = {40, 15}});
  const double dt = 0.05;
  const Eigen::VectorXd V0 = Eigen::VectorXd::LinSpaced(6 * problem.body_count(), -1.0, 1.0);
  const Eigen::VectorXd V1 = Eigen::VectorXd::LinSpaced(6 * problem.body_count(), 2.0, 0.0);

  DistributedConstraintMatrix matrix(MPI_COMM_WORLD, problem.owned_ids());
  matrix.append(problem.records(0));
  const DistributedVector c0 =
      extend_constant_vector(matrix, nullptr, testing::scatter_bodies(matrix, V0, problem), dt);
  const Eigen::VectorXd expected0 = problem.phi(1) + dt * (problem.serial_J(1) * V0);
  const Eigen::VectorXd gathered0 = testing::gather_rows(matrix, c0);
  EXPECT_LT((gathered0 - expected0).lpNorm<Eigen::Infinity>(), 1e-14);

  matrix.append(problem.records(1));
  const DistributedVector c1 = extend_constant_vector(matrix, &c0, testing::scatter_bodies(matrix, V1, problem), dt);
  const Eigen::VectorXd all = testing::gather_rows(matrix, c1);
  const Eigen::VectorXd expected1 = problem.phi(2) + dt * (problem.serial_J(2) * V1);
  const Eigen::Index old_rows = expected0.size();
  EXPECT_EQ(all.head(old_rows), gathered0);  // unchanged, bit for bit
  EXPECT_LT((all.tail(all.size() - old_rows) - expected1.tail(all.size() - old_rows)).lpNorm<Eigen::Infinity>(), 1e-14);
  EXPECT_THROW(extend_constant_vector(matrix, &c1, testing::scatter_bodies(matrix, V1, problem), dt),
               std::invalid_argument);
}

}  // namespace
}  // namespace relcp::collision
