// The CUDA contact space (collision/device/, docs/gpu.md) against the CPU's on random contact
// LCPs, on 1 and 2 ranks: the operator to rounding, BBPGD and APGD iterates for a fixed number of
// iterations, with and without friction cones, and converged solves with the same status.
// Skips without a CUDA device.
#include <gtest/gtest.h>
#include <mpi.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <string>

#include "collision/assembly/contact_operator.hpp"
#include "collision/device/cuda_backend.hpp"
#include "collision/device/cuda_contact_space.hpp"
#include "collision/device/device_contact_operator.hpp"
#include "collision/device/local_contact_rows.hpp"
#include "collision/linalg/distributed_vector_ops.hpp"
#include "collision/solvers/distributed_solver_registry.hpp"
#include "core/error.hpp"
#include "lcp/friction/friction_cone.hpp"
#include "support/random_contact_problem.hpp"
#include "support/cuda_device.hpp"

namespace relcp::collision {
namespace {

using testing::ProblemShape;
using testing::RandomContactProblem;

#define SKIP_WITHOUT_DEVICE()                                               \
  do {                                                                      \
    if (!testing::device_on_every_rank()) GTEST_SKIP() << "no CUDA device"; \
    ensure_cuda_device(MPI_COMM_WORLD);                                     \
  } while (false)

double global_max_abs_difference(const std::vector<double>& a, const double* b) {
  double local = 0.0;
  for (std::size_t i = 0; i < a.size(); ++i) local = std::max(local, std::abs(a[i] - b[i]));
  double global = 0.0;
  MPI_Allreduce(&local, &global, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
  return global;
}

// A random contact LCP: several generations (ReLCP appends), full or diagonal mobility blocks,
// and c with both signs so that some rows end active.
class ContactLcp {
 public:
  explicit ContactLcp(const ProblemShape& shape)
      : problem_(MPI_COMM_WORLD, shape),
        matrix_(problem_.matrix(problem_.generations())),
        mobility_(problem_.mobility()),
        A_(matrix_, mobility_, 0.1),
        c_(matrix_.constraint_layout()) {
    std::mt19937_64 rng(shape.seed + 7 + static_cast<unsigned>(testing::rank_of(MPI_COMM_WORLD)));
    std::uniform_real_distribution<double> unit(-1.0, 0.5);
    for (std::size_t i = 0; i < c_.local_size(); ++i) c_.local_data()[i] = unit(rng);
  }
  const ContactOperator& A() const { return A_; }
  const DistributedVector& c() const { return c_; }
  // Cones on consecutive row triples of this rank (any partition into triples is a valid CCP).
  lcp::FrictionCones cones(double mu) const {
    std::vector<lcp::FrictionConeBlock> blocks;
    for (std::size_t row = 0; row + 3 <= c_.local_size(); row += 4) blocks.push_back({row, mu});
    return lcp::FrictionCones(c_.local_size(), blocks);
  }

 private:
  RandomContactProblem problem_;
  DistributedConstraintMatrix matrix_;
  BlockDiagonalMobility mobility_;
  ContactOperator A_;
  DistributedVector c_;
};

ProblemShape shape(bool diagonal, std::uint64_t seed) {
  ProblemShape s;
  s.bodies = 60;
  s.rows_per_generation = {90, 20, 10};
  s.diagonal_mobility = diagonal;
  s.seed = seed;
  return s;
}

TEST(CudaContactOperator, AppliesTheContactOperatorAsTheCpuDoes) {
  SKIP_WITHOUT_DEVICE();
  for (const bool diagonal : {true, false}) {
    const ContactLcp lcp(shape(diagonal, 3));
    DistributedVector gamma(lcp.c().layout()), cpu(lcp.c().layout());
    std::mt19937_64 rng(11);
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    for (std::size_t i = 0; i < gamma.local_size(); ++i) gamma.local_data()[i] = unit(rng);
    lcp.A().apply(gamma, cpu);

    HostHalo halo(lcp.A());
    device::DeviceContactOperator A;
    A.update(local_contact_rows(lcp.A()), &halo);
    const DeviceVector x(gamma.local_data(), gamma.local_size());
    DeviceVector y(gamma.local_size());
    A.apply(x.data(), y.data());
    const std::vector<double> host = y.to_host();
    const double scale = std::max(1.0, norm_inf(cpu));
    EXPECT_LE(global_max_abs_difference(host, cpu.local_data()), 1e-14 * scale) << "diagonal " << diagonal;
  }
}

// One device operator kept across ReLCP-style appends uploads only the new generation each time,
// and everything again after the rows are dropped (a new step).
TEST(CudaContactOperator, FollowsAppendedGenerationsAndResets) {
  SKIP_WITHOUT_DEVICE();
  const RandomContactProblem problem(MPI_COMM_WORLD, shape(false, 13));
  DistributedConstraintMatrix matrix(MPI_COMM_WORLD, problem.owned_ids());
  const BlockDiagonalMobility mobility = problem.mobility();
  const ContactOperator op(matrix, mobility, 0.2);
  device::DeviceContactOperator A;
  std::mt19937_64 rng(17);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  for (int pass = 0; pass < 2; ++pass) {
    if (pass == 1) matrix.reset(problem.owned_ids());
    for (int g = 0; g < problem.generations(); ++g) {
      matrix.append(problem.records(g));
      HostHalo halo(op);
      EXPECT_EQ(A.update(local_contact_rows(op), &halo), 1u) << "pass " << pass << ", generation " << g;
      DistributedVector gamma(op.layout()), cpu(op.layout());
      for (std::size_t i = 0; i < gamma.local_size(); ++i) gamma.local_data()[i] = unit(rng);
      op.apply(gamma, cpu);
      const DeviceVector x(gamma.local_data(), gamma.local_size());
      DeviceVector y(gamma.local_size());
      A.apply(x.data(), y.data());
      EXPECT_LE(global_max_abs_difference(y.to_host(), cpu.local_data()), 1e-14 * std::max(1.0, norm_inf(cpu)))
          << "pass " << pass << ", generation " << g;
    }
    HostHalo halo(op);
    EXPECT_EQ(A.update(local_contact_rows(op), &halo), 0u);  // nothing new
  }
}

struct Case {
  std::string solver;
  bool cones = false;
};

class CudaSolver : public ::testing::TestWithParam<Case> {};

DistributedSolverResult solve(const ContactLcp& lcp, const Case& c, ComputeBackend backend, double tolerance,
                              int max_iterations, const lcp::FrictionCones* cones) {
  const auto solver = make_distributed_solver(c.solver, {});
  DistributedSolverOptions options;
  options.tolerance = tolerance;
  options.max_iterations = max_iterations;
  options.cones = cones;
  options.backend = backend;
  return solver->solve({lcp.A(), lcp.c()}, options);
}

TEST_P(CudaSolver, FollowsTheCpuIteratesForAFixedNumberOfIterations) {
  SKIP_WITHOUT_DEVICE();
  const ContactLcp lcp(shape(false, 5));
  const lcp::FrictionCones cones = lcp.cones(0.4);
  const lcp::FrictionCones* used = GetParam().cones ? &cones : nullptr;
  const DistributedSolverResult cpu = solve(lcp, GetParam(), ComputeBackend::cpu, 1e-300, 40, used);
  const DistributedSolverResult gpu = solve(lcp, GetParam(), ComputeBackend::cuda, 1e-300, 40, used);
  EXPECT_EQ(cpu.status, gpu.status);
  EXPECT_EQ(cpu.iterations, gpu.iterations);
  // Only the reductions' summation order differs: the iterates agree to a few hundred roundings.
  const double scale = std::max(1.0, norm_inf(cpu.gamma));
  EXPECT_LE(global_max_abs_difference(
                std::vector<double>(gpu.gamma.local_data(), gpu.gamma.local_data() + gpu.gamma.local_size()),
                cpu.gamma.local_data()),
            1e-9 * scale);
  EXPECT_NEAR(cpu.residual, gpu.residual, 1e-9 * std::max(1.0, cpu.residual));
  ASSERT_EQ(cpu.history.size(), gpu.history.size());
}

TEST_P(CudaSolver, ConvergesWithTheSameStatusAndACertifiedResidual) {
  SKIP_WITHOUT_DEVICE();
  const ContactLcp lcp(shape(true, 9));
  const lcp::FrictionCones cones = lcp.cones(0.4);
  const lcp::FrictionCones* used = GetParam().cones ? &cones : nullptr;
  const DistributedSolverResult cpu = solve(lcp, GetParam(), ComputeBackend::cpu, 1e-8, 20000, used);
  const DistributedSolverResult gpu = solve(lcp, GetParam(), ComputeBackend::cuda, 1e-8, 20000, used);
  ASSERT_EQ(cpu.status, lcp::Status::converged);
  EXPECT_EQ(gpu.status, lcp::Status::converged);
  EXPECT_LE(gpu.residual, 1e-8);
  // The natural residual is recomputed on the CPU operator from the downloaded answer.
  EXPECT_LE(gpu.natural_residual, 1e-8);
  EXPECT_GT(gpu.operator_applications, gpu.iterations);
}

INSTANTIATE_TEST_SUITE_P(Gradient, CudaSolver,
                         ::testing::Values(Case{"bbpgd", false}, Case{"apgd", false}, Case{"bbpgd", true},
                                           Case{"apgd", true}),
                         [](const auto& test) { return test.param.solver + (test.param.cones ? "_cones" : ""); });

TEST(CudaSolverOptions, RefusesJacobiAndOtherOperators) {
  SKIP_WITHOUT_DEVICE();
  const ContactLcp lcp(shape(true, 2));
  DistributedVector diagonal(lcp.c().layout());
  lcp.A().diagonal(diagonal);
  DistributedSolverOptions options;
  options.backend = ComputeBackend::cuda;
  options.preconditioner = DistributedPreconditioner::jacobi;
  options.diagonal = &diagonal;
  EXPECT_THROW(make_distributed_solver("apgd", {})->solve({lcp.A(), lcp.c()}, options), InputError);
}

}  // namespace
}  // namespace relcp::collision
