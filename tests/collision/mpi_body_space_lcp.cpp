// The body-space form of the contact LCP on 1-4 ranks, gathered (gather_body_space_lcp, and
// GrowingBodySpaceLcp row generation by row generation) and
// distributed (make_distributed_body_space): s R diag(mu) R^T applies as the distributed contact
// operator does, with general SPD blocks and with monolayer blocks (singular off the plane),
// whose dropped directions leave three per body; the distributed space's factorizations (MUMPS,
// substructured CHOLMOD, its rank-k updates, its adoption by a space with appended rows) solve
// its Newton systems; and the root gather/scatter helpers round-trip a vector.
#include <gtest/gtest.h>
#include <mpi.h>

#include <random>
#include <vector>

#include "collision/assembly/contact_operator.hpp"
#include "collision/body_space/body_space_lcp.hpp"
#include "collision/body_space/distributed_body_space.hpp"
#include "support/random_contact_problem.hpp"

namespace relcp::collision {
namespace {

using testing::ProblemShape;
using testing::RandomContactProblem;

constexpr double kScale = 0.3;

// P M P with P keeping x, y and the rotation about z: the mobility of a monolayer.
BlockDiagonalMobility monolayer(const BlockDiagonalMobility& mobility) {
  Eigen::Matrix<double, 6, 6> P = Eigen::Matrix<double, 6, 6>::Zero();
  P(0, 0) = P(1, 1) = P(5, 5) = 1.0;
  std::vector<BlockDiagonalMobility::Block> blocks;
  for (std::size_t b = 0; b < mobility.body_count(); ++b) {
    blocks.push_back(P * mobility.block(b) * P);
  }
  return BlockDiagonalMobility(blocks);
}

// A random contact problem on 1-4 ranks and its operator, with general SPD mobility blocks or
// a monolayer's.
struct ContactCase {
  ContactCase(const ProblemShape& shape, bool planar)
      : problem(MPI_COMM_WORLD, shape),
        matrix(problem.matrix(problem.generations())),
        mobility(planar ? monolayer(problem.mobility()) : problem.mobility()),
        op(matrix, mobility, kScale) {}
  RandomContactProblem problem;
  DistributedConstraintMatrix matrix;
  BlockDiagonalMobility mobility;
  ContactOperator op;
};

// max |A x - s R diag(mu) R^T x| / max |A x| over a few random x, on rank 0 (0 elsewhere).
double relative_mismatch(const ContactOperator& op, const BodySpaceLcp& lcp) {
  const std::int64_t rows = op.layout().global_size();
  std::mt19937_64 rng(3);
  std::normal_distribution<double> normal;
  double worst = 0.0;
  for (int trial = 0; trial < 3; ++trial) {
    Eigen::VectorXd x(rows);
    for (Eigen::Index i = 0; i < rows; ++i) x[i] = normal(rng);
    DistributedVector local_x(op.layout()), local_Ax(op.layout());
    scatter_from_root(x, local_x);
    op.apply(local_x, local_Ax);
    const Eigen::VectorXd Ax = gather_to_root(local_Ax);
    if (testing::rank_of(MPI_COMM_WORLD) != 0) continue;
    const Eigen::VectorXd body_space =
        lcp.scale * (lcp.jacobian * lcp.mobility.cwiseProduct(lcp.jacobian.transpose() * x));
    worst = std::max(worst, (Ax - body_space).lpNorm<Eigen::Infinity>() / Ax.lpNorm<Eigen::Infinity>());
  }
  return worst;
}

TEST(GatherBodySpaceLcp, ReproducesTheContactOperator) {
  const ContactCase contact(
      ProblemShape{.bodies = 30, .rows_per_generation = {40, 25}, .diagonal_mobility = false, .seed = 11}, false);
  const ContactOperator& op = contact.op;
  const BodySpaceLcp lcp = gather_body_space_lcp(op);
  if (testing::rank_of(MPI_COMM_WORLD) == 0) {
    EXPECT_EQ(lcp.jacobian.rows(), 65);
    EXPECT_EQ(lcp.jacobian.cols(), 6 * 30);  // SPD blocks: every direction is mobile
    EXPECT_EQ(lcp.scale, kScale);
    EXPECT_GT(lcp.mobility.minCoeff(), 0.0);
  } else {
    EXPECT_EQ(lcp.jacobian.rows(), 0);
  }
  EXPECT_LT(relative_mismatch(op, lcp), 1e-12);
}

TEST(GatherBodySpaceLcp, KeepsOnlyTheMobileDirectionsOfAMonolayer) {
  const ContactCase contact(
      ProblemShape{.bodies = 30, .rows_per_generation = {50}, .diagonal_mobility = false, .seed = 12}, true);
  const ContactOperator& op = contact.op;
  const BodySpaceLcp lcp = gather_body_space_lcp(op);
  if (testing::rank_of(MPI_COMM_WORLD) == 0) {
    EXPECT_EQ(lcp.jacobian.cols(), 3 * 30);
    EXPECT_GT(lcp.mobility.minCoeff(), 0.0);
  }
  EXPECT_LT(relative_mismatch(op, lcp), 1e-12);
}

// A ReLCP step's gathers: each one after the first sends only the appended rows, and gives the
// LCP a whole gather gives; another matrix (a new epoch, as the next step's) is gathered whole.
TEST(GrowingBodySpaceLcp, GathersAppendedRowsAsAWholeGatherDoes) {
  const RandomContactProblem problem(
      MPI_COMM_WORLD,
      ProblemShape{.bodies = 30, .rows_per_generation = {40, 15, 20}, .diagonal_mobility = false, .seed = 13});
  DistributedConstraintMatrix matrix = problem.matrix(1);
  const BlockDiagonalMobility mobility = monolayer(problem.mobility());
  const ContactOperator op(matrix, mobility, kScale);
  const GrowingBodySpaceLcp first(op, nullptr);
  matrix.append(problem.records(1));
  const GrowingBodySpaceLcp second(op, &first);
  matrix.append(problem.records(2));
  const GrowingBodySpaceLcp third(op, &second);
  const BodySpaceLcp whole = gather_body_space_lcp(op);
  EXPECT_FALSE(first.grew_from(first));
  EXPECT_TRUE(second.grew_from(first));
  EXPECT_TRUE(third.grew_from(second));
  EXPECT_LT(relative_mismatch(op, third.lcp()), 1e-12);
  if (testing::rank_of(MPI_COMM_WORLD) == 0) {
    const Eigen::SparseMatrix<double, Eigen::RowMajor>& grown = third.lcp().jacobian;
    EXPECT_EQ(grown.rows(), 75);
    EXPECT_EQ(grown.nonZeros(), whole.jacobian.nonZeros());
    EXPECT_EQ(Eigen::MatrixXd(grown - whole.jacobian).lpNorm<Eigen::Infinity>(), 0.0);
    EXPECT_EQ(third.lcp().mobility, whole.mobility);
    int rows = 0;
    for (const int r : third.rank_rows()) rows += r;
    EXPECT_EQ(rows, 75);
  }

  const DistributedConstraintMatrix other = problem.matrix(3);
  const ContactOperator other_op(other, mobility, kScale);
  const GrowingBodySpaceLcp fresh(other_op, &third);
  EXPECT_FALSE(fresh.grew_from(third));
  EXPECT_LT(relative_mismatch(other_op, fresh.lcp()), 1e-12);
}

Eigen::VectorXd local_values(const DistributedVector& x) {
  return Eigen::Map<const Eigen::VectorXd>(x.local_data(), static_cast<Eigen::Index>(x.local_size()));
}

// max |A x - s R diag(mu) R^T x| / max |A x| over a few random x, on every rank.
double distributed_mismatch(const ContactOperator& op, const BodySpace& space) {
  std::mt19937_64 rng(4 + static_cast<std::uint64_t>(testing::rank_of(MPI_COMM_WORLD)));
  std::normal_distribution<double> normal;
  double worst = 0.0;
  for (int trial = 0; trial < 3; ++trial) {
    DistributedVector x(op.layout()), Ax(op.layout());
    for (std::size_t i = 0; i < x.local_size(); ++i) x[i] = normal(rng);
    op.apply(x, Ax);
    const Eigen::VectorXd body_space = space.contact_product(local_values(x));
    worst = std::max(worst, space.max_abs(local_values(Ax) - body_space) / space.max_abs(local_values(Ax)));
  }
  return worst;
}

TEST(DistributedBodySpace, ReproducesTheContactOperator) {
  const ContactCase contact(
      ProblemShape{.bodies = 30, .rows_per_generation = {40, 25}, .diagonal_mobility = false, .seed = 11}, false);
  const ContactOperator& op = contact.op;
  const std::unique_ptr<BodySpace> space = make_distributed_body_space(op);
  EXPECT_EQ(space->local_rows(), static_cast<Eigen::Index>(op.layout().local_size()));
  EXPECT_EQ(space->sum(static_cast<double>(space->mobility().size())), 6.0 * 30);
  EXPECT_EQ(space->scale(), kScale);
  if (space->mobility().size() > 0) {
    EXPECT_GT(space->mobility().minCoeff(), 0.0);
  }
  EXPECT_LT(distributed_mismatch(op, *space), 1e-12);
}

TEST(DistributedBodySpace, KeepsOnlyTheMobileDirectionsOfAMonolayer) {
  const ContactCase contact(
      ProblemShape{.bodies = 30, .rows_per_generation = {50}, .diagonal_mobility = false, .seed = 12}, true);
  const ContactOperator& op = contact.op;
  const std::unique_ptr<BodySpace> space = make_distributed_body_space(op);
  EXPECT_EQ(space->sum(static_cast<double>(space->mobility().size())), 3.0 * 30);
  EXPECT_LT(distributed_mismatch(op, *space), 1e-12);
}

// max |H x - rhs| for the Newton matrix H = diag + R^T diag(weights) R of the space.
double newton_residual(const BodySpace& space, const Eigen::VectorXd& weights, const Eigen::VectorXd& diagonal,
                       const Eigen::VectorXd& x, const Eigen::VectorXd& rhs) {
  const Eigen::VectorXd Hx =
      diagonal.cwiseProduct(x) + space.multiply_transpose(weights.cwiseProduct(space.multiply(x)));
  return space.max_abs(Hx - rhs);
}

class DistributedNewtonFactorization : public ::testing::TestWithParam<DistributedFactorization> {};

TEST_P(DistributedNewtonFactorization, SolvesTheNewtonSystem) {
  const ContactCase contact(
      ProblemShape{.bodies = 40, .rows_per_generation = {60, 30}, .diagonal_mobility = false, .seed = 13}, true);
  const std::unique_ptr<BodySpace> space = make_distributed_body_space(contact.op, GetParam());
  const std::unique_ptr<NewtonFactorization> factorization = space->newton_factorization();
  std::mt19937_64 rng(20 + static_cast<std::uint64_t>(testing::rank_of(MPI_COMM_WORLD)));
  std::uniform_real_distribution<double> uniform(0.0, 1.0);
  // Two factorizations of one pattern: the second reuses the analysis. About a third of the
  // rows are inactive (weight zero), the rest stiff, as in alm's late Newton steps.
  for (double stiffness : {1.0, 1e6}) {
    Eigen::VectorXd weights(space->local_rows()), diagonal(space->mobility().size());
    for (Eigen::Index r = 0; r < weights.size(); ++r) weights[r] = uniform(rng) < 0.3 ? 0.0 : stiffness * uniform(rng);
    for (Eigen::Index d = 0; d < diagonal.size(); ++d) diagonal[d] = 0.5 + uniform(rng);
    ASSERT_TRUE(factorization->factorize(weights, diagonal));
    Eigen::VectorXd rhs(diagonal.size());
    for (Eigen::Index d = 0; d < rhs.size(); ++d) rhs[d] = 2.0 * uniform(rng) - 1.0;
    const Eigen::VectorXd x = factorization->solve(rhs);
    // H's condition number grows with the stiffness; a backward-stable solve keeps H x - b at
    // rounding times ||H|| ||x||.
    EXPECT_LT(newton_residual(*space, weights, diagonal, x, rhs), 1e-9 * stiffness * std::max(1.0, space->max_abs(x)))
        << "stiffness " << stiffness;
  }
}

INSTANTIATE_TEST_SUITE_P(Factorizations, DistributedNewtonFactorization,
                         ::testing::Values(DistributedFactorization::mumps, DistributedFactorization::substructured),
                         [](const auto& test) {
                           return test.param == DistributedFactorization::mumps ? "mumps" : "substructured";
                         });

// Rows joining and leaving on every rank (interface rows among them), ten rounds on one
// factorization: each updated factorization solves as a fresh one does.
TEST(DistributedBodySpace, SubstructuredFactorizationUpdates) {
  const ContactCase contact(
      ProblemShape{.bodies = 60, .rows_per_generation = {90, 40}, .diagonal_mobility = false, .seed = 14}, true);
  const std::unique_ptr<BodySpace> space =
      make_distributed_body_space(contact.op, DistributedFactorization::substructured);
  const std::unique_ptr<NewtonFactorization> updated = space->newton_factorization();
  const std::unique_ptr<NewtonFactorization> fresh = space->newton_factorization();
  ASSERT_TRUE(updated->can_update());
  std::mt19937_64 rng(30 + static_cast<std::uint64_t>(testing::rank_of(MPI_COMM_WORLD)));
  std::uniform_real_distribution<double> uniform(0.0, 1.0);
  constexpr double kStiffness = 1e4;
  Eigen::VectorXd weights(space->local_rows()), diagonal(space->mobility().size());
  for (Eigen::Index r = 0; r < weights.size(); ++r) weights[r] = uniform(rng) < 0.5 ? 0.0 : kStiffness;
  for (Eigen::Index d = 0; d < diagonal.size(); ++d) diagonal[d] = 0.5 + uniform(rng);
  ASSERT_TRUE(updated->factorize(weights, diagonal));
  for (int round = 0; round < 10; ++round) {
    std::vector<Eigen::Index> changed;
    Eigen::VectorXd next = weights;
    for (Eigen::Index r = 0; r < weights.size(); ++r) {
      if (uniform(rng) < 0.15) {
        next[r] = weights[r] == 0.0 ? kStiffness * (0.5 + uniform(rng)) : 0.0;
        changed.push_back(r);
      }
    }
    ASSERT_TRUE(updated->update(changed, weights, next)) << "round " << round;
    weights = next;
    ASSERT_TRUE(fresh->factorize(weights, diagonal));
    Eigen::VectorXd rhs(diagonal.size());
    for (Eigen::Index d = 0; d < rhs.size(); ++d) rhs[d] = 2.0 * uniform(rng) - 1.0;
    const Eigen::VectorXd x = updated->solve(rhs), y = fresh->solve(rhs);
    const double scale = kStiffness * std::max(1.0, space->max_abs(y));
    EXPECT_LT(newton_residual(*space, weights, diagonal, x, rhs), 1e-9 * scale) << "round " << round;
    EXPECT_LT(newton_residual(*space, weights, diagonal, y, rhs), 1e-9 * scale) << "round " << round;
  }
}

// ReLCP's re-solve appends rows: the earlier LCP's substructured factorization, adopted by the
// later space and updated for the appended rows, solves as a fresh factorization of the later
// rows does. The appended rows repeat the first generation's (the same bodies, on the same ranks),
// so that the local directions and the interface stay as they were and every rank adopts.
TEST(DistributedBodySpace, SubstructuredFactorizationAdoptedAcrossAppendedRows) {
  const RandomContactProblem problem(
      MPI_COMM_WORLD, ProblemShape{.bodies = 40, .rows_per_generation = {60}, .diagonal_mobility = false, .seed = 15});
  DistributedConstraintMatrix matrix = problem.matrix(1);
  const BlockDiagonalMobility mobility = monolayer(problem.mobility());
  const ContactOperator op(matrix, mobility, kScale);
  const std::unique_ptr<BodySpace> earlier = make_distributed_body_space(op, DistributedFactorization::substructured);
  const std::unique_ptr<NewtonFactorization> earlier_factorization = earlier->newton_factorization();
  std::mt19937_64 rng(40 + static_cast<std::uint64_t>(testing::rank_of(MPI_COMM_WORLD)));
  std::uniform_real_distribution<double> uniform(0.0, 1.0);
  constexpr double kStiffness = 1e4;
  const Eigen::Index old_rows = earlier->local_rows();
  Eigen::VectorXd weights(old_rows), diagonal(earlier->mobility().size());
  for (Eigen::Index r = 0; r < old_rows; ++r) weights[r] = uniform(rng) < 0.5 ? 0.0 : kStiffness;
  for (Eigen::Index d = 0; d < diagonal.size(); ++d) diagonal[d] = 0.5 + uniform(rng);
  ASSERT_TRUE(earlier_factorization->factorize(weights, diagonal));

  matrix.append(problem.records(0));
  const std::unique_ptr<BodySpace> later = make_distributed_body_space(op, DistributedFactorization::substructured);
  ASSERT_EQ(later->local_rows(), 2 * old_rows);
  EXPECT_TRUE(rows_extend(*earlier, *later));
  EXPECT_EQ(rows_extend(*later, *earlier), old_rows == 0);             // the later one has more rows
  const ContactOperator other_op(matrix, problem.mobility(), kScale);  // not a monolayer: other directions
  const std::unique_ptr<BodySpace> other =
      make_distributed_body_space(other_op, DistributedFactorization::substructured);
  EXPECT_FALSE(rows_extend(*earlier, *other));

  const std::unique_ptr<NewtonFactorization> adopted = later->newton_factorization();
  ASSERT_TRUE(adopted->adopt(*earlier_factorization));
  Eigen::VectorXd as_adopted = Eigen::VectorXd::Zero(2 * old_rows), next(2 * old_rows);
  as_adopted.head(old_rows) = weights;
  Eigen::VectorXd rhs(diagonal.size());
  for (Eigen::Index d = 0; d < rhs.size(); ++d) rhs[d] = 2.0 * uniform(rng) - 1.0;
  // As adopted (the appended rows at weight zero) it solves the later system at once.
  const Eigen::VectorXd at_once = adopted->solve(rhs);
  EXPECT_LT(newton_residual(*later, as_adopted, diagonal, at_once, rhs),
            1e-9 * kStiffness * std::max(1.0, later->max_abs(at_once)));
  next = as_adopted;
  std::vector<Eigen::Index> changed;
  for (Eigen::Index r = old_rows; r < 2 * old_rows; ++r) {
    if (uniform(rng) < 0.5) {
      next[r] = kStiffness * (0.5 + uniform(rng));
      changed.push_back(r);
    }
  }
  ASSERT_TRUE(adopted->update(changed, as_adopted, next));
  const std::unique_ptr<NewtonFactorization> fresh = later->newton_factorization();
  ASSERT_TRUE(fresh->factorize(next, diagonal));
  const Eigen::VectorXd x = adopted->solve(rhs), y = fresh->solve(rhs);
  const double scale = kStiffness * std::max(1.0, later->max_abs(y));
  EXPECT_LT(newton_residual(*later, next, diagonal, x, rhs), 1e-9 * scale);
  EXPECT_LT(newton_residual(*later, next, diagonal, y, rhs), 1e-9 * scale);
  // Without the update the adopted factorization is the earlier rows' alone: it must not pass.
  const std::unique_ptr<NewtonFactorization> stale = later->newton_factorization();
  const std::unique_ptr<NewtonFactorization> again = earlier->newton_factorization();
  ASSERT_TRUE(again->factorize(weights, diagonal));
  ASSERT_TRUE(stale->adopt(*again));
  const double stale_residual = newton_residual(*later, next, diagonal, stale->solve(rhs), rhs);
  const double joined = later->sum(static_cast<double>(changed.size()));
  ASSERT_GT(joined, 0.0);
  EXPECT_GT(later->max(stale_residual), 1e-6 * scale);
}

TEST(GatherToRoot, RoundTripsThroughScatter) {
  const int rank = testing::rank_of(MPI_COMM_WORLD);
  const VectorLayout layout = VectorLayout::contiguous(MPI_COMM_WORLD, static_cast<std::size_t>(rank + 2));
  DistributedVector x(layout);
  for (std::size_t i = 0; i < x.local_size(); ++i) x[i] = static_cast<double>(layout.global_index(i));
  const Eigen::VectorXd all = gather_to_root(x);
  if (rank == 0) {
    ASSERT_EQ(all.size(), layout.global_size());
    for (Eigen::Index i = 0; i < all.size(); ++i) EXPECT_EQ(all[i], static_cast<double>(i));
  } else {
    EXPECT_EQ(all.size(), 0);
  }
  DistributedVector back(layout);
  scatter_from_root(rank == 0 ? Eigen::VectorXd(2.0 * all) : Eigen::VectorXd(), back);
  for (std::size_t i = 0; i < back.local_size(); ++i) {
    EXPECT_EQ(back[i], 2.0 * static_cast<double>(layout.global_index(i)));
  }
}

}  // namespace
}  // namespace relcp::collision
