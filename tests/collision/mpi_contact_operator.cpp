// ContactOperator on 1-4 ranks: A gamma = s J M J^T gamma against the serial sparse product and
// against the composition of Tpetra's own products, over several generations and with full or
// diagonal mobility blocks.
#include <gtest/gtest.h>
#include <mpi.h>

#include "collision/assembly/contact_operator.hpp"
#include "collision/linalg/distributed_vector_ops.hpp"
#include "support/random_contact_problem.hpp"

namespace relcp::collision {
namespace {

using testing::ProblemShape;
using testing::RandomContactProblem;

Eigen::VectorXd random_vector(Eigen::Index n, unsigned seed) {
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  Eigen::VectorXd v(n);
  for (Eigen::Index i = 0; i < n; ++i) v[i] = unit(rng);
  return v;
}

void expect_matches_serial(const ProblemShape& shape) {
  const RandomContactProblem problem(MPI_COMM_WORLD, shape);
  const int generations = problem.generations();
  const DistributedConstraintMatrix matrix = problem.matrix(generations);
  const BlockDiagonalMobility mobility = problem.mobility();
  const double scale = 0.01;
  const ContactOperator A(matrix, mobility, scale);

  const testing::SparseMatrix J = problem.serial_J(generations);
  const testing::SparseMatrix serial_A = problem.serial_A(generations, scale);
  const Eigen::VectorXd gamma = random_vector(J.rows(), 3);
  const DistributedVector distributed_gamma = testing::scatter_rows(matrix, gamma, problem);
  DistributedVector out(A.layout());
  A.apply(distributed_gamma, out);
  const Eigen::VectorXd expected = serial_A * gamma;
  EXPECT_LT((testing::gather_rows(matrix, out) - expected).lpNorm<Eigen::Infinity>(),
            1e-12 * std::max(1.0, expected.lpNorm<Eigen::Infinity>()));

  DistributedVector velocities(matrix.body_layout());
  A.constraint_velocities(distributed_gamma, velocities);
  const Eigen::VectorXd forces = J.transpose() * gamma;
  const Eigen::VectorXd expected_velocities = problem.serial_M() * forces;
  EXPECT_LT((testing::gather_bodies(problem, matrix, velocities) - expected_velocities).lpNorm<Eigen::Infinity>(),
            1e-12 * std::max(1.0, expected_velocities.lpNorm<Eigen::Infinity>()));
}

TEST(ContactOperator, MatchesTheSerialProductWithDiagonalMobility) {
  expect_matches_serial(ProblemShape{.bodies = 50, .rows_per_generation = {80}, .seed = 11});
}

TEST(ContactOperator, MatchesTheSerialProductWithFullMobilityBlocks) {
  expect_matches_serial(
      ProblemShape{.bodies = 50, .rows_per_generation = {80}, .diagonal_mobility = false, .seed = 12});
}

TEST(ContactOperator, MatchesTheSerialProductOverSeveralGenerations) {
  expect_matches_serial(ProblemShape{.bodies = 60, .rows_per_generation = {70, 25, 10}, .seed = 13});
}

TEST(ContactOperator, ManyThreadsOfWorkMatchTheSerialProduct) {
  // Above the kernels' threading thresholds.
  expect_matches_serial(ProblemShape{.bodies = 3000, .rows_per_generation = {6000}, .seed = 14});
}

// Contact rows (opposite translational parts, several rows per pair) are applied in the compact
// form (docs/collision.md, "The operator's compact rows"): the serial product, and the CSR
// form's result to rounding.
void expect_compact_rows_match(const ProblemShape& shape) {
  expect_matches_serial(shape);
  const RandomContactProblem problem(MPI_COMM_WORLD, shape);
  const DistributedConstraintMatrix matrix = problem.matrix(problem.generations());
  const BlockDiagonalMobility mobility = problem.mobility();
  ContactOperator A(matrix, mobility, 0.5);
  DistributedVector gamma(A.layout()), compact(A.layout()), csr(A.layout());
  for (std::size_t i = 0; i < gamma.local_size(); ++i) gamma[i] = std::sin(0.3 + double(i));
  const std::size_t compact_bytes = A.bytes_per_application();
  A.apply(gamma, compact);
  A.use_csr_rows(true);
  EXPECT_LT(compact_bytes, A.bytes_per_application()) << "the compact rows were not used";
  A.apply(gamma, csr);
  axpy(-1.0, csr, compact);
  EXPECT_LT(norm_inf(compact), 1e-14 * std::max(1.0, norm_inf(csr)));
}

TEST(ContactOperator, CompactContactRowsMatchTheSerialProduct) {
  expect_compact_rows_match(ProblemShape{
      .bodies = 50, .rows_per_generation = {90}, .diagonal_mobility = false, .seed = 21, .rows_per_contact = 3});
}

TEST(ContactOperator, CompactContactRowsOverSeveralGenerations) {
  expect_compact_rows_match(
      ProblemShape{.bodies = 60, .rows_per_generation = {72, 30, 12}, .seed = 22, .rows_per_contact = 6});
}

TEST(ContactOperator, CompactContactRowsWithManyThreadsOfWork) {
  expect_compact_rows_match(
      ProblemShape{.bodies = 3000, .rows_per_generation = {9000}, .seed = 23, .rows_per_contact = 3});
}

TEST(ContactOperator, CompactContactRowsWithLeverArms) {
  expect_compact_rows_match(ProblemShape{
      .bodies = 50, .rows_per_generation = {90, 30}, .seed = 24, .rows_per_contact = 3, .lever_arms = true});
  expect_compact_rows_match(ProblemShape{
      .bodies = 3000, .rows_per_generation = {9000}, .seed = 25, .rows_per_contact = 3, .lever_arms = true});
}

// S A S x with the scaling folded into the operator's passes (the Jacobi-scaled solves of
// docs/friction.md): the same as the scaling around A, for CSR, compact and lever rows.
void expect_symmetric_scaling_folded(const ProblemShape& shape) {
  const RandomContactProblem problem(MPI_COMM_WORLD, shape);
  const DistributedConstraintMatrix matrix = problem.matrix(problem.generations());
  const BlockDiagonalMobility mobility = problem.mobility();
  const ContactOperator A(matrix, mobility, 0.3);
  DistributedVector s(A.layout()), x(A.layout()), folded(A.layout()), scaled_x(A.layout()), around(A.layout());
  for (std::size_t i = 0; i < x.local_size(); ++i) {
    x[i] = std::cos(1.0 + double(i));
    s[i] = 0.5 + 0.25 * std::sin(double(i));
  }
  ASSERT_TRUE(A.apply_symmetrically_scaled(s, x, folded));
  multiply(s, x, scaled_x);
  A.apply(scaled_x, around);
  multiply(s, around, around);
  axpy(-1.0, around, folded);
  EXPECT_LT(norm_inf(folded), 1e-14 * std::max(1.0, norm_inf(around)));
}

TEST(ContactOperator, FoldsASymmetricScalingIntoItsPasses) {
  expect_symmetric_scaling_folded(ProblemShape{.bodies = 50, .rows_per_generation = {80, 20}, .seed = 26});
  expect_symmetric_scaling_folded(
      ProblemShape{.bodies = 60, .rows_per_generation = {72, 30}, .seed = 27, .rows_per_contact = 3});
  expect_symmetric_scaling_folded(ProblemShape{
      .bodies = 60, .rows_per_generation = {72, 30}, .seed = 28, .rows_per_contact = 3, .lever_arms = true});
}

TEST(ContactOperator, AgreesWithTpetraProductsComposed) {
  const RandomContactProblem problem(
      MPI_COMM_WORLD,
      ProblemShape{.bodies = 40, .rows_per_generation = {60, 20}, .diagonal_mobility = false, .seed = 15});
  const DistributedConstraintMatrix matrix = problem.matrix(2);
  const BlockDiagonalMobility mobility = problem.mobility();
  const ContactOperator A(matrix, mobility, 2.0);
  DistributedVector gamma(A.layout());
  for (std::size_t i = 0; i < gamma.local_size(); ++i) gamma[i] = 0.1 * double(i % 7) - 0.2;

  DistributedVector forces(matrix.body_layout()), velocities(matrix.body_layout());
  matrix.multiply_transpose(gamma, forces);
  mobility.apply(forces.local_data(), velocities.local_data());
  DistributedVector composed(A.layout());
  matrix.multiply(velocities, composed);
  scale(2.0, composed);

  DistributedVector out(A.layout());
  A.apply(gamma, out);
  axpy(-1.0, composed, out);
  EXPECT_LT(norm_inf(out), 1e-12 * std::max(1.0, norm_inf(composed)));
}

TEST(ContactOperator, IsSymmetric) {
  const RandomContactProblem problem(MPI_COMM_WORLD,
                                     ProblemShape{.bodies = 30, .rows_per_generation = {50}, .seed = 16});
  const DistributedConstraintMatrix matrix = problem.matrix(1);
  const BlockDiagonalMobility mobility = problem.mobility();
  const ContactOperator A(matrix, mobility, 1.0);
  DistributedVector x(A.layout()), y(A.layout()), Ax(A.layout()), Ay(A.layout());
  for (std::size_t i = 0; i < x.local_size(); ++i) {
    x[i] = std::sin(1.0 + double(i));
    y[i] = std::cos(2.0 * double(i));
  }
  A.apply(x, Ax);
  A.apply(y, Ay);
  EXPECT_NEAR(dot(y, Ax), dot(x, Ay), 1e-12 * std::max(1.0, std::abs(dot(y, Ax))));
  EXPECT_GE(dot(x, Ax), 0.0);
}

TEST(ContactOperator, FollowsRowsAppendedAfterConstruction) {
  const RandomContactProblem problem(MPI_COMM_WORLD,
                                     ProblemShape{.bodies = 40, .rows_per_generation = {40, 40}, .seed = 17});
  DistributedConstraintMatrix matrix(MPI_COMM_WORLD, problem.owned_ids());
  matrix.append(problem.records(0));
  const BlockDiagonalMobility mobility = problem.mobility();
  const ContactOperator A(matrix, mobility, 1.0);
  DistributedVector first(A.layout());
  fill(1.0, first);
  DistributedVector out(A.layout());
  A.apply(first, out);
  matrix.append(problem.records(1));
  EXPECT_EQ(A.layout().global_size(), 80);
  const testing::SparseMatrix serial_A = problem.serial_A(2, 1.0);
  const Eigen::VectorXd gamma = Eigen::VectorXd::Ones(serial_A.rows());
  const DistributedVector distributed_gamma = testing::scatter_rows(matrix, gamma, problem);
  DistributedVector grown(A.layout());
  A.apply(distributed_gamma, grown);
  const Eigen::VectorXd expected = serial_A * gamma;
  EXPECT_LT((testing::gather_rows(matrix, grown) - expected).lpNorm<Eigen::Infinity>(),
            1e-11 * expected.lpNorm<Eigen::Infinity>());
}

// diag(A) against e_r^T A e_r, A applied to every unit vector, and the serial diagonal.
void expect_exact_diagonal(const ProblemShape& shape) {
  const RandomContactProblem problem(MPI_COMM_WORLD, shape);
  const int generations = problem.generations();
  const DistributedConstraintMatrix matrix = problem.matrix(generations);
  const BlockDiagonalMobility mobility = problem.mobility();
  const ContactOperator A(matrix, mobility, 0.3);
  DistributedVector diagonal(A.layout());
  A.diagonal(diagonal);
  const Eigen::VectorXd gathered = testing::gather_rows(matrix, diagonal);
  const Eigen::Index n = gathered.size();
  ASSERT_EQ(n, A.layout().global_size());
  DistributedVector column(A.layout());
  for (Eigen::Index r = 0; r < n; ++r) {
    const DistributedVector unit = testing::scatter_rows(matrix, Eigen::VectorXd::Unit(n, r), problem);
    A.apply(unit, column);
    const double expected = testing::gather_rows(matrix, column)[r];
    EXPECT_NEAR(gathered[r], expected, 1e-13 * std::max(1.0, std::abs(expected))) << "row " << r;
  }
  const Eigen::VectorXd serial = Eigen::MatrixXd(problem.serial_A(generations, 0.3)).diagonal();
  EXPECT_LT((gathered - serial).lpNorm<Eigen::Infinity>(), 1e-12 * std::max(1.0, serial.lpNorm<Eigen::Infinity>()));
  EXPECT_GT(gathered.minCoeff(), 0.0);
}

TEST(ContactOperator, DiagonalIsExactWithDiagonalMobility) {
  expect_exact_diagonal(ProblemShape{.bodies = 30, .rows_per_generation = {50}, .seed = 18});
}

TEST(ContactOperator, DiagonalIsExactWithFullBlocksOverSeveralGenerations) {
  expect_exact_diagonal(
      ProblemShape{.bodies = 30, .rows_per_generation = {40, 15, 5}, .diagonal_mobility = false, .seed = 19});
}

TEST(ContactOperator, RefusesAMobilityOfTheWrongSize) {
  const RandomContactProblem problem(MPI_COMM_WORLD, ProblemShape{.rows_per_generation = {5}});
  const DistributedConstraintMatrix matrix = problem.matrix(1);
  const BlockDiagonalMobility wrong =
      BlockDiagonalMobility::isotropic(std::vector<double>(problem.owned_ids().size() + 1, 1.0),
                                       std::vector<double>(problem.owned_ids().size() + 1, 1.0));
  EXPECT_THROW(ContactOperator(matrix, wrong, 1.0), std::invalid_argument);
  const BlockDiagonalMobility right = problem.mobility();
  EXPECT_THROW(ContactOperator(matrix, right, 0.0), std::invalid_argument);
}

}  // namespace
}  // namespace relcp::collision
