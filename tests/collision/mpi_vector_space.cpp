// Distributed vector operations and the TpetraVectorSpace back end on 1-4 ranks: reductions
// against the gathered vectors, thread-count independence, and the generic BBPGD / APGD taking
// the same iterates on Tpetra vectors as on the serial Eigen back end.
#include <gtest/gtest.h>
#include <mpi.h>
#include <omp.h>

#include <cmath>
#include <vector>

#include "collision/assembly/contact_operator.hpp"
#include "collision/linalg/distributed_vector_ops.hpp"
#include "collision/linalg/tpetra_vector_space.hpp"
#include "lcp/problem.hpp"
#include "lcp/projection/cone_constrained_space.hpp"
#include "lcp/projection/eigen_vector_space.hpp"
#include "lcp/projection/projected_gradient.hpp"
#include "support/random_contact_problem.hpp"

namespace relcp::collision {
namespace {

using testing::ProblemShape;
using testing::RandomContactProblem;

// Local entries of a vector whose global entry i is f(i).
template <class F>
DistributedVector global_function(const VectorLayout& layout, F f) {
  DistributedVector v(layout);
  for (std::size_t i = 0; i < v.local_size(); ++i) v[i] = f(layout.global_index(i));
  return v;
}

TEST(DistributedVectorOps, ReductionsCoverEveryRank) {
  const int rank = testing::rank_of(MPI_COMM_WORLD);
  const VectorLayout layout = VectorLayout::contiguous(MPI_COMM_WORLD, 10 + 3 * rank);
  const std::int64_t n = layout.global_size();
  const auto x = global_function(layout, [](std::int64_t i) { return 1.0 + double(i); });
  const auto y = global_function(layout, [](std::int64_t i) { return i % 2 == 0 ? 1.0 : -1.0; });
  double expected_xy = 0.0, expected_xx = 0.0;
  for (std::int64_t i = 0; i < n; ++i) {
    expected_xy += (1.0 + double(i)) * (i % 2 == 0 ? 1.0 : -1.0);
    expected_xx += (1.0 + double(i)) * (1.0 + double(i));
  }
  EXPECT_DOUBLE_EQ(dot(x, y), expected_xy);
  EXPECT_DOUBLE_EQ(norm_2(x), std::sqrt(expected_xx));
  EXPECT_DOUBLE_EQ(norm_inf(x), double(n));
  const DistributedVector* left[] = {&x, &x, &y};
  const DistributedVector* right[] = {&y, &x, &y};
  double results[3];
  dots(left, right, 3, results);
  EXPECT_DOUBLE_EQ(results[0], expected_xy);
  EXPECT_DOUBLE_EQ(results[1], expected_xx);
  EXPECT_DOUBLE_EQ(results[2], double(n));
}

TEST(DistributedVectorOps, NormInfPropagatesNaNFromAnyRank) {
  DistributedVector x(VectorLayout::contiguous(MPI_COMM_WORLD, 5));
  if (testing::rank_of(MPI_COMM_WORLD) == testing::size_of(MPI_COMM_WORLD) - 1) {
    x[2] = std::numeric_limits<double>::quiet_NaN();
  }
  EXPECT_TRUE(std::isnan(norm_inf(x)));
}

TEST(DistributedVectorOps, ElementwiseKernels) {
  const VectorLayout layout = VectorLayout::contiguous(MPI_COMM_WORLD, 6);
  const auto z = global_function(layout, [](std::int64_t i) { return i % 3 == 0 ? 0.0 : 1.0; });
  const auto g = global_function(layout, [](std::int64_t i) { return i % 2 == 0 ? 2.0 : -2.0; });
  DistributedVector out(layout);
  projected_gradient(z, g, out);
  for (std::size_t i = 0; i < out.local_size(); ++i) {
    EXPECT_EQ(out[i], z[i] > 0.0 ? g[i] : std::min(g[i], 0.0));
  }
  projected_step(z, 0.75, g, out);
  for (std::size_t i = 0; i < out.local_size(); ++i) {
    EXPECT_EQ(out[i], std::max(0.0, z[i] - 0.75 * g[i]));
  }
  minimum_map(z, g, out);
  for (std::size_t i = 0; i < out.local_size(); ++i) EXPECT_EQ(out[i], std::min(z[i], g[i]));
  combine(2.0, z, -1.0, g, out);
  axpby(1.0, g, 1.0, out);  // out = 2 z
  axpy(-2.0, z, out);
  EXPECT_EQ(norm_inf(out), 0.0);
}

TEST(DistributedVectorOps, ExtendWithZerosKeepsTheLocalPrefix) {
  const int rank = testing::rank_of(MPI_COMM_WORLD);
  const VectorLayout small = VectorLayout::contiguous(MPI_COMM_WORLD, 3 + rank);
  const VectorLayout large = VectorLayout::contiguous(MPI_COMM_WORLD, 5 + 2 * rank);
  const auto x = global_function(small, [](std::int64_t i) { return 1.0 + double(i); });
  const DistributedVector y = extend_with_zeros(x, large);
  ASSERT_EQ(y.local_size(), large.local_size());
  for (std::size_t i = 0; i < y.local_size(); ++i) EXPECT_EQ(y[i], i < x.local_size() ? x[i] : 0.0);
  EXPECT_THROW(extend_with_zeros(y, small), std::invalid_argument);
}

TEST(DistributedVectorOps, DotsDoNotDependOnTheThreadCount) {
  const VectorLayout layout = VectorLayout::contiguous(MPI_COMM_WORLD, 50000);
  const auto x = global_function(layout, [](std::int64_t i) { return std::sin(0.1 * double(i)); });
  const auto y = global_function(layout, [](std::int64_t i) { return std::cos(0.3 * double(i)); });
  omp_set_num_threads(1);
  const double one = dot(x, y);
  omp_set_num_threads(3);
  const double three = dot(x, y);
  EXPECT_EQ(one, three);
}

// difference_dots equals dots of the materialized differences, bit for bit (APGD relies on it to
// take the same iterates with or without the kernel), for every combination of absent minuends,
// on a vector long enough to be threaded.
TEST(DistributedVectorOps, DifferenceDotsEqualDotsOfTheDifferences) {
  const VectorLayout layout = VectorLayout::contiguous(MPI_COMM_WORLD, 20000);
  const auto a = global_function(layout, [](std::int64_t i) { return std::sin(0.1 * double(i)); });
  const auto b = global_function(layout, [](std::int64_t i) { return std::cos(0.7 * double(i)); });
  const auto c = global_function(layout, [](std::int64_t i) { return 1.0 / (1.0 + double(i)); });
  const auto d = global_function(layout, [](std::int64_t i) { return std::sin(0.01 * double(i)) + 0.3; });
  DistributedVector a_minus_b(layout), c_minus_d(layout);
  combine(1.0, a, -1.0, b, a_minus_b);
  combine(1.0, c, -1.0, d, c_minus_d);

  const DistributedVector* left[] = {&a, &a, &a, &a};
  const DistributedVector* left_minus[] = {&b, &b, nullptr, nullptr};
  const DistributedVector* right[] = {&c, &c, &c, &c};
  const DistributedVector* right_minus[] = {&d, nullptr, &d, nullptr};
  double fused[4];
  difference_dots(left, left_minus, right, right_minus, 4, fused);

  const DistributedVector* materialized_left[] = {&a_minus_b, &a_minus_b, &a, &a};
  const DistributedVector* materialized_right[] = {&c_minus_d, &c, &c_minus_d, &c};
  double expected[4];
  dots(materialized_left, materialized_right, 4, expected);
  for (int k = 0; k < 4; ++k) EXPECT_EQ(fused[k], expected[k]) << "pair " << k;
  EXPECT_NE(fused[0], fused[3]);  // the differences were taken
}

TEST(DistributedVector, MovesSwapsAndClones) {
  const VectorLayout layout = VectorLayout::contiguous(MPI_COMM_WORLD, 4);
  DistributedVector a(layout);
  fill(2.0, a);
  DistributedVector b = a.clone();
  scale(3.0, b);
  a.swap(b);
  EXPECT_EQ(a[0], 6.0);
  EXPECT_EQ(b[3], 2.0);
  DistributedVector c = std::move(a);
  EXPECT_EQ(c[1], 6.0);
  EXPECT_TRUE(c.layout().same_as(layout));
  EXPECT_EQ(a.local_size(), 0u);
}

// ---- one algorithm, two back ends -----------------------------------------------------------

struct SameProblemTwice {
  explicit SameProblemTwice(std::uint64_t seed)
      : problem(MPI_COMM_WORLD, ProblemShape{.bodies = 40, .rows_per_generation = {60}, .seed = seed}),
        matrix(problem.matrix(1)),
        mobility(problem.mobility()),
        A(matrix, mobility, 0.5),
        serial(problem.serial_A(1, 0.5), random_q(problem.rows().size(), seed)),
        q(testing::scatter_rows(matrix, serial.q(), problem)) {}

  static Eigen::VectorXd random_q(std::size_t n, std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    std::uniform_real_distribution<double> unit(-1.0, 0.5);
    Eigen::VectorXd q(static_cast<Eigen::Index>(n));
    for (Eigen::Index i = 0; i < q.size(); ++i) q[i] = unit(rng);
    return q;
  }

  RandomContactProblem problem;
  DistributedConstraintMatrix matrix;
  BlockDiagonalMobility mobility;
  ContactOperator A;
  lcp::LcpProblem serial;
  DistributedVector q;
};

template <class Algorithm>
void expect_same_iterates(const Algorithm& algorithm) {
  const SameProblemTwice twice(31);
  const lcp::GradientLimits limits{.max_iterations = 40};
  const lcp::MeritWithinTolerance never{0.0};

  std::vector<double> serial_merits;
  Eigen::VectorXd serial_z = Eigen::VectorXd::Zero(twice.serial.size());
  algorithm.solve(lcp::EigenVectorSpace(twice.serial), serial_z, limits, never,
                  [&](const auto& info, const auto&) { serial_merits.push_back(info.merit); });

  std::vector<double> distributed_merits;
  DistributedVector z(twice.A.layout());
  algorithm.solve(TpetraVectorSpace(twice.A, twice.q), z, limits, never,
                  [&](const auto& info, const auto&) { distributed_merits.push_back(info.merit); });

  ASSERT_EQ(serial_merits.size(), distributed_merits.size());
  ASSERT_GE(serial_merits.size(), 10u);
  for (std::size_t k = 0; k < serial_merits.size(); ++k) {
    EXPECT_NEAR(distributed_merits[k], serial_merits[k], 1e-9 * std::max(1.0, serial_merits[k]))
        << "iteration " << k + 1;
  }
  EXPECT_LT((testing::gather_rows(twice.matrix, z) - serial_z).lpNorm<Eigen::Infinity>(), 1e-9);
}

// The merit of every iteration without writing the projected gradient: the same value as
// norm_inf(projected_gradient), on the orthant and on cones, and NaN from any rank.
TEST(TpetraVectorSpace, ProjectedGradientNormEqualsTheNormOfTheWrittenOne) {
  const int rank = testing::rank_of(MPI_COMM_WORLD);
  const SameProblemTwice twice(32);
  const VectorLayout layout = twice.A.layout();
  const auto z = global_function(layout, [](std::int64_t i) { return std::sin(0.7 * double(i)); });
  const auto g = global_function(layout, [](std::int64_t i) { return std::cos(1.3 * double(i)) - 0.2; });
  DistributedVector written(layout);
  projected_gradient(z, g, written);
  EXPECT_EQ(projected_gradient_norm_inf(z, g), norm_inf(written));

  const TpetraVectorSpace plain(twice.A, twice.q);
  std::vector<lcp::FrictionConeBlock> blocks;
  for (std::size_t row = 1; row + 3 <= z.local_size(); row += 5) blocks.push_back({row, 0.4});
  ASSERT_TRUE(!blocks.empty() || z.local_size() < 4);
  const lcp::FrictionCones cones(z.local_size(), blocks);
  const lcp::ConeConstrainedSpace<TpetraVectorSpace> space(plain, cones);
  space.projected_gradient(z, g, written);
  EXPECT_EQ(space.projected_gradient_norm_inf(z, g), norm_inf(written));

  // A NaN gradient on one rank: NaN everywhere, as norm_inf of the written map gives.
  DistributedVector with_nan(layout);
  copy(g, with_nan);
  ASSERT_GT(with_nan.local_size(), 3u);
  if (rank == testing::size_of(MPI_COMM_WORLD) - 1) with_nan[3] = std::numeric_limits<double>::quiet_NaN();
  EXPECT_TRUE(std::isnan(projected_gradient_norm_inf(z, with_nan)));
  EXPECT_TRUE(std::isnan(space.projected_gradient_norm_inf(z, with_nan)));
}

TEST(TpetraVectorSpace, BbpgdTakesTheSerialIterates) { expect_same_iterates(lcp::BarzilaiBorweinGradient<>{}); }

TEST(TpetraVectorSpace, ApgdTakesTheSerialIterates) { expect_same_iterates(lcp::AcceleratedProjectedGradient<>{}); }

}  // namespace
}  // namespace relcp::collision
