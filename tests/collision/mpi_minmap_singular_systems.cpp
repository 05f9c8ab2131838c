// minmap on LCPs whose reduced Newton systems A_AA are singular and badly conditioned, as ReLCP
// builds them (docs/collision.md, "minmap"): each body pair carries a bundle of rows with nearly
// parallel normals (angles 1e-5 apart) and contact points along one axis, so the rows of a pair
// span only three directions: a pair's block of A has rank 3, eigenvalues ~1e-2, ~1e-2 and
// ~1e-11, the rest zero (6 or 10 rows, each generation-1 row once or twice). All rows start
// overlapping (c < 0), so from gamma = 0 every row is active and the plain Newton direction is
// huge with entries of both signs; before the Levenberg-Marquardt shift and its safeguard,
// minmap stopped there after one iteration with `nondescent`, far from the tolerance (the
// colony's ReLCP solves ended the same way, or with `stagnation`). On 1-4 ranks: pairs are
// owned round-robin.
#include <gtest/gtest.h>
#include <mpi.h>

#include <algorithm>
#include <cmath>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "collision/assembly/contact_operator.hpp"
#include "collision/linalg/distributed_vector_ops.hpp"
#include "collision/solvers/distributed_minmap_solver.hpp"
#include "collision/solvers/distributed_solver_registry.hpp"
#include "core/error.hpp"
#include "support/random_contact_problem.hpp"

namespace relcp::collision {
namespace {

struct BundleShape {
  int pairs = 6;
  int rows_per_pair = 6;     // the first in generation 0, the rest in generation 1 (as ReLCP adds)
  double angle_step = 1e-5;  // normals of one pair differ by multiples of this (radians)
  int copies = 1;            // 2: every generation-1 row appended twice
  std::uint64_t seed = 7;
};

// Pair k joins bodies 2k and 2k+1 (centres 0.5 apart along x), owned by rank k mod size.
class RowBundleLcp {
 public:
  explicit RowBundleLcp(const BundleShape& shape)
      : matrix_(MPI_COMM_WORLD, owned_bodies(shape.pairs)),
        mobility_(BlockDiagonalMobility::isotropic(std::vector<double>(owned_bodies(shape.pairs).size(), 1.0),
                                                   std::vector<double>(owned_bodies(shape.pairs).size(), 4.0))) {
    std::mt19937_64 rng(shape.seed);
    std::uniform_real_distribution<double> along(-0.7, 0.7);
    std::uniform_real_distribution<double> depth(1.5e-3, 2.5e-3);
    const int rank = testing::rank_of(MPI_COMM_WORLD);
    const int ranks = testing::size_of(MPI_COMM_WORLD);
    std::vector<ConstraintRecord> generation0, generation1;
    std::vector<double> c0, c1;
    for (int k = 0; k < shape.pairs; ++k) {
      for (int r = 0; r < shape.rows_per_pair; ++r) {
        const double angle = shape.angle_step * r;
        const double y = along(rng);
        const double phi = -depth(rng);
        if (k % ranks != rank) continue;
        ConstraintRecord record;
        record.body_a = 2 * k;
        record.body_b = 2 * k + 1;
        record.phi = phi;
        record.normal = Vec3(std::cos(angle), std::sin(angle), 0.0);
        record.point_a = Vec3(0.25, y, 0.0);
        record.point_b = record.point_a;
        const Vec3 arm_a = record.point_a;                        // centre a at the origin
        const Vec3 arm_b = record.point_a - Vec3(0.5, 0.0, 0.0);  // centre b at (0.5, 0, 0)
        record.row << -record.normal, -arm_a.cross(record.normal), record.normal, arm_b.cross(record.normal);
        for (int copy = 0; copy < (r == 0 ? 1 : shape.copies); ++copy) {
          record.creation_index = r + copy * shape.rows_per_pair;
          (r == 0 ? generation0 : generation1).push_back(record);
          (r == 0 ? c0 : c1).push_back(phi);
        }
      }
    }
    sort_by_key(generation0, c0);
    sort_by_key(generation1, c1);
    matrix_.append(generation0);
    matrix_.append(generation1);
    A_ = std::make_unique<ContactOperator>(matrix_, mobility_, 1e-3);
    c_ = DistributedVector(A_->layout());
    // Local rows come in generation order, each generation in the order appended (sort key).
    std::vector<double> local = c0;
    local.insert(local.end(), c1.begin(), c1.end());
    EXPECT_EQ(local.size(), c_.local_size());
    for (std::size_t i = 0; i < c_.local_size() && i < local.size(); ++i) c_[i] = local[i];
  }

  DistributedLcp lcp() const { return {*A_, c_}; }
  const ContactOperator& A() const { return *A_; }
  DistributedVector forces(const DistributedVector& gamma) const {
    DistributedVector f(matrix_.body_layout());
    matrix_.multiply_transpose(gamma, f);
    return f;
  }

 private:
  // Records (and their c entries) in the row order of a generation, sort_key.
  static void sort_by_key(std::vector<ConstraintRecord>& records, std::vector<double>& c) {
    std::vector<std::size_t> order(records.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::sort(order.begin(), order.end(),
              [&](std::size_t a, std::size_t b) { return sort_key(records[a]) < sort_key(records[b]); });
    std::vector<ConstraintRecord> sorted_records;
    std::vector<double> sorted_c;
    for (const std::size_t i : order) {
      sorted_records.push_back(records[i]);
      sorted_c.push_back(c[i]);
    }
    records = std::move(sorted_records);
    c = std::move(sorted_c);
  }

  static std::vector<GlobalId> owned_bodies(int pairs) {
    std::vector<GlobalId> owned;
    const int rank = testing::rank_of(MPI_COMM_WORLD);
    const int ranks = testing::size_of(MPI_COMM_WORLD);
    for (int k = 0; k < pairs; ++k) {
      if (k % ranks == rank) owned.insert(owned.end(), {2 * k, 2 * k + 1});
    }
    return owned;
  }

  DistributedConstraintMatrix matrix_;
  BlockDiagonalMobility mobility_;
  std::unique_ptr<ContactOperator> A_;
  DistributedVector c_;
};

double max_difference(const DistributedVector& x, const DistributedVector& y) {
  DistributedVector difference(x.layout());
  combine(1.0, x, -1.0, y, difference);
  return norm_inf(difference);
}

// minmap converges to the tolerance and agrees with a tight bbpgd solve where the solution is
// unique: w = A gamma + c and the generalized forces D gamma (gamma itself is not unique).
void expect_solved(const BundleShape& shape, const DistributedSolverOptions& options,
                   const MinMapParameters& parameters = {}) {
  const RowBundleLcp lcp(shape);
  const DistributedSolverResult result = DistributedMinMapSolver(parameters).solve(lcp.lcp(), options);
  ASSERT_EQ(result.status, lcp::Status::converged) << "status " << lcp::to_string(result.status) << " after "
                                                   << result.iterations << " iterations, residual " << result.residual;
  EXPECT_LE(result.residual, options.tolerance);
  EXPECT_LE(result.natural_residual, options.tolerance);

  DistributedSolverOptions reference_options;
  reference_options.tolerance = 1e-11;
  reference_options.max_iterations = 200000;
  const DistributedSolverResult reference = make_distributed_solver("bbpgd")->solve(lcp.lcp(), reference_options);
  ASSERT_EQ(reference.status, lcp::Status::converged);
  DistributedVector w(lcp.A().layout()), w_reference(lcp.A().layout());
  lcp.A().apply(result.gamma, w);
  lcp.A().apply(reference.gamma, w_reference);
  // w is unique; with a residual below tol its error is of order tol.
  EXPECT_LT(max_difference(w, w_reference), 10.0 * options.tolerance);
  const DistributedVector f = lcp.forces(result.gamma);
  const DistributedVector f_reference = lcp.forces(reference.gamma);
  EXPECT_LT(max_difference(f, f_reference), 1e-3 * std::max(1.0, norm_inf(f_reference)));
}

TEST(MinMapSingularSystems, NearlyParallelRowsOfOnePair) {
  DistributedSolverOptions options;
  options.tolerance = 1e-8;
  expect_solved(BundleShape{}, options);
}

TEST(MinMapSingularSystems, RepeatedRows) {
  DistributedSolverOptions options;
  options.tolerance = 1e-8;
  expect_solved(BundleShape{.copies = 2, .seed = 8}, options);
}

TEST(MinMapSingularSystems, ManyRowsPerPairWithGmres) {
  DistributedSolverOptions options;
  options.tolerance = 1e-8;
  expect_solved(BundleShape{.pairs = 4, .rows_per_pair = 10, .seed = 9}, options,
                MinMapParameters{.krylov = KrylovMethod::gmres});
}

TEST(MinMapSingularSystems, ReLcpTolerance) {
  // The colony's tolerance, 1e-5, on a problem whose gaps are of order 1e-3.
  DistributedSolverOptions options;
  options.tolerance = 1e-5;
  expect_solved(BundleShape{.pairs = 8, .rows_per_pair = 8, .seed = 10}, options);
}

TEST(MinMapSingularSystems, NegativeRegularizationIsRefused) {
  const RowBundleLcp lcp(BundleShape{});
  const DistributedSolverOptions options;
  try {
    DistributedMinMapSolver(MinMapParameters{.regularization = -1.0}).solve(lcp.lcp(), options);
    ADD_FAILURE() << "a negative minmap_regularization was accepted";
  } catch (const InputError& error) {
    EXPECT_EQ(error.key(), "minmap_regularization");
  }
}

}  // namespace
}  // namespace relcp::collision
