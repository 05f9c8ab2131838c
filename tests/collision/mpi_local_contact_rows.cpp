// What the CUDA contact back end uploads (collision/device/local_contact_rows.hpp, docs/gpu.md),
// checked without a device on 1-4 ranks: the rows, the per-body incidences and the mobility
// blocks, applied on the host in the device kernels' three passes with HostHalo's exchanges,
// give the CPU ContactOperator's A gamma bit for bit, after ReLCP-style appends too.
#include <gtest/gtest.h>
#include <mpi.h>

#include <random>
#include <vector>

#include "collision/assembly/contact_operator.hpp"
#include "collision/device/cuda_backend.hpp"
#include "collision/device/device_contact_operator.hpp"
#include "collision/device/local_contact_rows.hpp"
#include "core/error.hpp"
#include "support/random_contact_problem.hpp"

namespace relcp::collision {
namespace {

using testing::ProblemShape;
using testing::RandomContactProblem;

// out = A gamma from the arrays the device receives, pass for pass as device_kernels.cu computes
// it: forces from zero, generation after generation; the mobility; the rows.
std::vector<double> apply_as_the_device(const LocalContactRows& rows, HostHalo& halo, const double* gamma) {
  const std::size_t owned_dofs = 6 * rows.owned_bodies;
  std::vector<double> forces(6 * rows.column_bodies, 0.0), velocities(6 * rows.column_bodies), out(rows.rows);
  for (const GenerationRows& block : rows.generations) {
    for (std::size_t c = 0; c < block.column_bodies; ++c) {
      for (int i = block.incidence_begin[c]; i < block.incidence_begin[c + 1]; ++i) {
        const double g = gamma[block.first_row + static_cast<std::size_t>(block.incidence_row[i])];
        for (int k = 0; k < 6; ++k) forces[6 * c + k] += g * block.values[block.incidence_entry[i] + k];
      }
    }
  }
  if (halo.needed()) {
    std::copy(forces.begin(), forces.end(), halo.column_forces());
    halo.add_ghost_forces();
    std::copy(halo.column_forces(), halo.column_forces() + owned_dofs, forces.begin());
  }
  for (std::size_t b = 0; b < rows.owned_bodies; ++b) {
    for (int i = 0; i < 6; ++i) {
      if (rows.diagonal_mobility) {
        velocities[6 * b + i] = rows.mobility[6 * b + i] * forces[6 * b + i];
      } else {
        double sum = 0.0;
        for (int j = 0; j < 6; ++j) sum += rows.mobility[36 * b + 6 * i + j] * forces[6 * b + j];
        velocities[6 * b + i] = sum;
      }
    }
  }
  if (halo.needed()) {
    std::copy(velocities.begin(), velocities.begin() + owned_dofs, halo.column_velocities());
    halo.fill_ghost_velocities();
    std::copy(halo.column_velocities() + owned_dofs, halo.column_velocities() + 6 * rows.column_bodies,
              velocities.begin() + owned_dofs);
  }
  for (const GenerationRows& block : rows.generations) {
    for (std::size_t r = 0; r < block.rows; ++r) {
      double sum = 0.0;
      for (std::size_t e = block.row_offsets[r]; e < block.row_offsets[r + 1]; ++e) {
        sum += block.values[e] * velocities[block.columns[e]];
      }
      out[block.first_row + r] = rows.scale * sum;
    }
  }
  return out;
}

class LocalContactRowsTest : public ::testing::TestWithParam<bool> {};

TEST_P(LocalContactRowsTest, ApplyTheContactOperatorBitForBit) {
  ProblemShape shape;
  shape.bodies = 50;
  shape.rows_per_generation = {70, 15, 8};
  shape.diagonal_mobility = GetParam();
  shape.seed = 21;
  const RandomContactProblem problem(MPI_COMM_WORLD, shape);
  DistributedConstraintMatrix matrix(MPI_COMM_WORLD, problem.owned_ids());
  const BlockDiagonalMobility mobility = problem.mobility();
  const ContactOperator op(matrix, mobility, 0.3);
  std::mt19937_64 rng(5 + static_cast<unsigned>(testing::rank_of(MPI_COMM_WORLD)));
  std::uniform_real_distribution<double> unit(-1.0, 1.0);
  for (int g = 0; g < problem.generations(); ++g) {
    matrix.append(problem.records(g));  // the rows as they stand after each ReLCP append
    const LocalContactRows rows = local_contact_rows(op);
    EXPECT_EQ(rows.epoch, matrix.epoch());
    ASSERT_EQ(rows.generations.size(), static_cast<std::size_t>(g + 1));
    std::size_t covered = 0;
    for (const GenerationRows& block : rows.generations) {
      EXPECT_EQ(block.first_row, covered);  // generations follow one another in the layout
      covered += block.rows;
      // Every entry is reached once through the rows and once through the incidences (6 each).
      EXPECT_EQ(6 * static_cast<std::size_t>(block.incidence_begin[block.column_bodies]), block.entries);
      EXPECT_LE(block.column_bodies, rows.column_bodies);
    }
    ASSERT_EQ(covered, matrix.constraint_layout().local_size());
    ASSERT_EQ(rows.mobility_values, (GetParam() ? 6u : 36u) * rows.owned_bodies);
    DistributedVector gamma(op.layout()), cpu(op.layout());
    for (std::size_t i = 0; i < gamma.local_size(); ++i) gamma.local_data()[i] = unit(rng);
    op.apply(gamma, cpu);
    HostHalo halo(op);
    EXPECT_EQ(halo.column_dofs(), 6 * rows.column_bodies);
    EXPECT_EQ(halo.owned_dofs(), 6 * rows.owned_bodies);
    const std::vector<double> device_order = apply_as_the_device(rows, halo, gamma.local_data());
    for (std::size_t r = 0; r < rows.rows; ++r) ASSERT_EQ(device_order[r], cpu.local_data()[r]) << "row " << r;
  }
}

TEST(LocalContactRows, ANewEpochAfterEveryReset) {
  ProblemShape shape;
  shape.seed = 4;
  const RandomContactProblem problem(MPI_COMM_WORLD, shape);
  DistributedConstraintMatrix matrix(MPI_COMM_WORLD, problem.owned_ids());
  DistributedConstraintMatrix other(MPI_COMM_WORLD, problem.owned_ids());
  const std::uint64_t first = matrix.epoch();
  EXPECT_NE(first, other.epoch());
  matrix.append(problem.records(0));
  EXPECT_EQ(matrix.epoch(), first);  // appending keeps the epoch
  matrix.reset(problem.owned_ids());
  EXPECT_NE(matrix.epoch(), first);
}

INSTANTIATE_TEST_SUITE_P(Mobility, LocalContactRowsTest, ::testing::Values(true, false),
                         [](const auto& test) { return test.param ? "diagonal" : "full"; });

// Without CUDA in the build, or without a device, backend cuda is refused on every rank alike.
TEST(CudaBackend, IsRefusedWithoutABuildOrADevice) {
  const char* reason = "";
  int devices = device::visible_device_count(&reason);
  MPI_Allreduce(MPI_IN_PLACE, &devices, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
  if (devices > 0) GTEST_SKIP() << "a CUDA device is present";
  if (cuda_backend_built()) {
    EXPECT_THROW(select_cuda_device(MPI_COMM_WORLD), RunTimeFailure);
  } else {
    EXPECT_THROW(select_cuda_device(MPI_COMM_WORLD), InputError);
  }
}

}  // namespace
}  // namespace relcp::collision
