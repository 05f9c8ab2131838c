// DistributedConstraintMatrix on 1-4 ranks: layouts, Tpetra products J U and J^T gamma against
// the serial J, append-only generations, and what is reused between appends and steps.
#include <gtest/gtest.h>
#include <mpi.h>

#include <stdexcept>

#include "collision/assembly/distributed_constraint_matrix.hpp"
#include "collision/linalg/distributed_vector.hpp"
#include "support/random_contact_problem.hpp"

namespace relcp::collision {
namespace {

using testing::ProblemShape;
using testing::RandomContactProblem;

Eigen::VectorXd random_vector(Eigen::Index n, unsigned seed) {
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> unit(-1.0, 1.0);
  Eigen::VectorXd v(n);
  for (Eigen::Index i = 0; i < n; ++i) v[i] = unit(rng);
  return v;
}

TEST(DistributedConstraintMatrix, LayoutsCountRowsAndOwnedDofs) {
  const RandomContactProblem problem(MPI_COMM_WORLD, ProblemShape{.rows_per_generation = {50, 20}});
  const DistributedConstraintMatrix matrix = problem.matrix(2);
  EXPECT_EQ(matrix.global_constraint_count(), 70);
  EXPECT_EQ(matrix.constraint_layout().global_size(), 70);
  EXPECT_EQ(matrix.constraint_layout().local_size(), matrix.constraints().size());
  EXPECT_EQ(matrix.body_layout().global_size(), 6 * problem.body_count());
  EXPECT_EQ(matrix.body_layout().local_size(), 6 * problem.owned_ids().size());
  EXPECT_EQ(matrix.generation_count(), 2);
  // Contiguous per rank: local row r has global index first + r.
  if (matrix.constraint_layout().local_size() > 1) {
    const auto& layout = matrix.constraint_layout();
    EXPECT_EQ(layout.global_index(1), layout.global_index(0) + 1);
  }
}

TEST(DistributedConstraintMatrix, RowsAreSortedByKeyWithinEachGeneration) {
  const RandomContactProblem problem(MPI_COMM_WORLD, ProblemShape{.rows_per_generation = {40, 40}});
  const DistributedConstraintMatrix matrix = problem.matrix(2);
  const ConstraintSet& set = matrix.constraints();
  for (int g = 0; g < set.generation_count(); ++g) {
    for (std::size_t r = set.generation_begin(g) + 1; r < set.generation_end(g); ++r) {
      EXPECT_LT(sort_key(set[r - 1]), sort_key(set[r]));
    }
  }
}

// multiply gives J U; multiply_newest gives the newest generation's rows of it and leaves the
// earlier ones as they were.
TEST(DistributedConstraintMatrix, MultiplyMatchesTheSerialJacobian) {
  const RandomContactProblem problem(MPI_COMM_WORLD, ProblemShape{.rows_per_generation = {45, 15}});
  const DistributedConstraintMatrix matrix = problem.matrix(2);
  const testing::SparseMatrix J = problem.serial_J(2);
  const Eigen::VectorXd U = random_vector(J.cols(), 7);
  const DistributedVector velocities = testing::scatter_bodies(matrix, U, problem);
  DistributedVector rates(matrix.constraint_layout());
  matrix.multiply(velocities, rates);
  const Eigen::VectorXd expected = J * U;
  EXPECT_LT((testing::gather_rows(matrix, rates) - expected).lpNorm<Eigen::Infinity>(), 1e-12);

  constexpr double kUntouched = 12345.0;
  for (std::size_t r = 0; r < rates.local_size(); ++r) rates[r] = kUntouched;
  matrix.multiply_newest(velocities, rates);
  const Eigen::VectorXd newest = testing::gather_rows(matrix, rates);
  ASSERT_EQ(newest.size(), 60);
  EXPECT_TRUE((newest.head(45).array() == kUntouched).all());
  EXPECT_LT((newest.tail(15) - expected.tail(15)).lpNorm<Eigen::Infinity>(), 1e-12);
}

TEST(DistributedConstraintMatrix, TransposeMatchesTheSerialJacobian) {
  const RandomContactProblem problem(MPI_COMM_WORLD, ProblemShape{.rows_per_generation = {45, 15}});
  const DistributedConstraintMatrix matrix = problem.matrix(2);
  const testing::SparseMatrix J = problem.serial_J(2);
  const Eigen::VectorXd gamma = random_vector(J.rows(), 9);
  const DistributedVector distributed_gamma = testing::scatter_rows(matrix, gamma, problem);
  DistributedVector forces(matrix.body_layout());
  matrix.multiply_transpose(distributed_gamma, forces);
  const Eigen::VectorXd expected = J.transpose() * gamma;
  EXPECT_LT((testing::gather_bodies(problem, matrix, forces) - expected).lpNorm<Eigen::Infinity>(), 1e-12);
}

TEST(DistributedConstraintMatrix, AppendingKeepsEarlierRowsInPlace) {
  const RandomContactProblem problem(MPI_COMM_WORLD, ProblemShape{.rows_per_generation = {30, 30}});
  DistributedConstraintMatrix matrix(MPI_COMM_WORLD, problem.owned_ids());
  matrix.append(problem.records(0));
  const std::vector<ConstraintRecord> before = matrix.constraints().records();
  matrix.append(problem.records(1));
  const ConstraintSet& set = matrix.constraints();
  ASSERT_EQ(set.generation_begin(1), before.size());
  for (std::size_t r = 0; r < before.size(); ++r) EXPECT_EQ(sort_key(set[r]), sort_key(before[r]));
}

TEST(DistributedConstraintMatrix, AppendReusesTheColumnMapUnlessNewGhostsAreNeeded) {
  const RandomContactProblem problem(MPI_COMM_WORLD, ProblemShape{.rows_per_generation = {60}});
  DistributedConstraintMatrix matrix(MPI_COMM_WORLD, problem.owned_ids());
  const AssemblyCounts initial = matrix.assembly_counts();
  matrix.append(problem.records(0));
  const AssemblyCounts first = matrix.assembly_counts();
  // The same rows again (as a new generation): every body they touch is already a column.
  std::vector<ConstraintRecord> again = problem.records(0);
  for (ConstraintRecord& record : again) record.creation_index += 1000;
  matrix.append(again);
  const AssemblyCounts second = matrix.assembly_counts();
  EXPECT_EQ(second.body_maps, initial.body_maps);
  EXPECT_EQ(second.column_maps, first.column_maps);
  EXPECT_EQ(second.row_blocks, first.row_blocks + 1);
  // Only walls touching owned bodies: never a new column.
  std::vector<ConstraintRecord> walls;
  for (const GlobalId id : problem.owned_ids()) {
    ConstraintRecord wall;
    wall.body_a = id;
    wall.wall = 0;
    wall.row.head<6>().setOnes();
    walls.push_back(wall);
  }
  matrix.append(walls);
  EXPECT_EQ(matrix.assembly_counts().column_maps, first.column_maps);
}

TEST(DistributedConstraintMatrix, ResetKeepsTheBodyMapWhenOwnershipIsUnchanged) {
  const RandomContactProblem problem(MPI_COMM_WORLD, ProblemShape{.rows_per_generation = {40}});
  DistributedConstraintMatrix matrix(MPI_COMM_WORLD, problem.owned_ids());
  matrix.append(problem.records(0));
  const AssemblyCounts before = matrix.assembly_counts();
  matrix.reset(problem.owned_ids());
  EXPECT_EQ(matrix.global_constraint_count(), 0);
  EXPECT_EQ(matrix.generation_count(), 0);
  EXPECT_EQ(matrix.assembly_counts().body_maps, before.body_maps);
  EXPECT_EQ(matrix.assembly_counts().column_maps, before.column_maps);
  // The same step again: the ghosts of the kept column map suffice.
  matrix.append(problem.records(0));
  EXPECT_EQ(matrix.assembly_counts().column_maps, before.column_maps);

  // One body leaves its owner (on every rank count): body map, column map and Import are
  // rebuilt on every rank.
  std::vector<GlobalId> owned = problem.owned_ids();
  const GlobalId leaving = 1;  // the first body's id
  owned.erase(std::remove(owned.begin(), owned.end(), leaving), owned.end());
  matrix.reset(owned);
  EXPECT_EQ(matrix.assembly_counts().body_maps, before.body_maps + 1);
  EXPECT_EQ(matrix.assembly_counts().column_maps, before.column_maps + 1);
  EXPECT_EQ(matrix.body_layout().local_size(), 6 * owned.size());
}

TEST(DistributedConstraintMatrix, RowsTouchingAnUnownedBodyAreRefusedOnEveryRank) {
  const RandomContactProblem problem(MPI_COMM_WORLD, ProblemShape{.rows_per_generation = {10}});
  DistributedConstraintMatrix matrix(MPI_COMM_WORLD, problem.owned_ids());
  std::vector<ConstraintRecord> records;
  if (testing::rank_of(MPI_COMM_WORLD) == 0) {
    ConstraintRecord record;
    record.body_a = 1;
    record.body_b = 999999;  // owned by nobody
    records.push_back(record);
  }
  EXPECT_THROW(matrix.append(records), std::invalid_argument);
}

TEST(DistributedConstraintMatrix, InvalidOwnedIdsAreRefused) {
  EXPECT_THROW(DistributedConstraintMatrix(MPI_COMM_WORLD, {3, 2}), std::invalid_argument);
  EXPECT_THROW(DistributedConstraintMatrix(MPI_COMM_WORLD, {-1}), std::invalid_argument);
}

}  // namespace
}  // namespace relcp::collision
