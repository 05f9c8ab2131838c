// Checkpoints: the full state round-trips bit for bit; on the writing rank count every rank
// gets back exactly the bodies it owned; on another count the bodies are shared out whole;
// the file appears atomically; a missing or foreign file is an input error.

#include <gtest/gtest.h>
#include <mpi.h>

#include <algorithm>
#include <fstream>

#include "core/error.hpp"
#include "io/hdf5/checkpoint.hpp"
#include "io/hdf5/snapshot_file.hpp"
#include "mpi_scratch_directory.hpp"
#include "particles/body_codec.hpp"

namespace relcp::io {
namespace {

using particles::Body;

int rank_in(MPI_Comm comm) {
  int rank = 0;
  MPI_Comm_rank(comm, &rank);
  return rank;
}

int size_of(MPI_Comm comm) {
  int size = 0;
  MPI_Comm_size(comm, &size);
  return size;
}

std::vector<Body> bodies_of_rank(int rank) {
  std::vector<Body> bodies;
  for (int k = 0; k < 3 + rank; ++k) {
    Body b;
    b.id = 100 * rank + k;
    b.shape = k % 2 == 0 ? geometry::Shape(geometry::Spherocylinder{0.25, 1.0 + 0.1 * k})
                         : geometry::Shape(geometry::Torus{1.0, 0.1 * (k + 1) / 3.0});
    b.pose.position = Vec3(rank + 1.0 / 7.0, k / 3.0, -1.0 / 9.0);
    b.pose.orientation = Quaternion(Eigen::AngleAxisd(0.1 + k, Vec3(0, 1, 1).normalized()));
    b.velocity = Vec3(1e-17 * k, 2, 3);
    b.angular_velocity = Vec3(4, 5, 6.0 / 7.0);
    b.force = Vec3(k, rank, 1);
    b.torque = Vec3(-1, -2, -3.0 / 11.0);
    bodies.push_back(b);
  }
  return bodies;
}

bool identical(const Body& a, const Body& b) {
  double ra[particles::kBodyRecordSize];
  double rb[particles::kBodyRecordSize];
  particles::pack_body(a, ra);
  particles::pack_body(b, rb);
  return std::equal(ra, ra + particles::kBodyRecordSize, rb, [](double x, double y) {
    return std::bit_cast<std::uint64_t>(x) == std::bit_cast<std::uint64_t>(y);
  });
}

CheckpointState state_of_rank(MPI_Comm comm) {
  CheckpointState state;
  state.step = 1234;
  state.time = 12.34;
  state.dt = 0.01;
  state.seed = 0xfedcba9876543210ULL;  // above INT64_MAX: stored bit for bit
  state.next_free_id = 4242;
  state.division = dynamics::DivisionRandomState{77, 1234};
  state.num_ranks = size_of(comm);
  for (int r = 0; r < size_of(comm); ++r) {
    state.regions.push_back(particles::RegionBox{Vec3(r, 0, 0), Vec3(r + 1, 1, 1)});
  }
  state.bodies = bodies_of_rank(rank_in(comm));
  return state;
}

TEST(Checkpoint, SameRankCountGetsBackEveryRanksOwnBodiesAndTheWholeState) {
  const MPI_Comm comm = MPI_COMM_WORLD;
  const testing::ScratchDirectory dir(comm, "relcp_checkpoint");
  const std::string path = dir / checkpoint_file_name(1234);
  const CheckpointState written = state_of_rank(comm);
  write_checkpoint(comm, path, written);
  EXPECT_FALSE(std::filesystem::exists(path + ".tmp"));
  const CheckpointState read = read_checkpoint(comm, path);
  EXPECT_EQ(read.step, written.step);
  EXPECT_EQ(read.time, written.time);
  EXPECT_EQ(read.dt, written.dt);
  EXPECT_EQ(read.seed, written.seed);
  EXPECT_EQ(read.next_free_id, written.next_free_id);
  ASSERT_TRUE(read.division.has_value());
  EXPECT_EQ(read.division->seed, 77u);
  EXPECT_EQ(read.division->rounds, 1234u);
  EXPECT_EQ(read.num_ranks, size_of(comm));
  ASSERT_EQ(read.regions.size(), written.regions.size());
  for (std::size_t r = 0; r < read.regions.size(); ++r) {
    EXPECT_EQ(read.regions[r].lower, written.regions[r].lower);
    EXPECT_EQ(read.regions[r].upper, written.regions[r].upper);
  }
  ASSERT_EQ(read.bodies.size(), written.bodies.size());
  for (std::size_t k = 0; k < read.bodies.size(); ++k) {
    EXPECT_TRUE(identical(read.bodies[k], written.bodies[k])) << read.bodies[k].id;
  }
}

TEST(Checkpoint, AnotherRankCountSharesOutEveryBodyOnce) {
  const MPI_Comm world = MPI_COMM_WORLD;
  const testing::ScratchDirectory dir(world, "relcp_checkpoint");
  const std::string path = dir / "checkpoint.h5";
  write_checkpoint(world, path, state_of_rank(world));
  // Read back by each rank alone (a rank count of 1): it gets all bodies, in rank order.
  const CheckpointState alone = read_checkpoint(MPI_COMM_SELF, path);
  std::vector<Body> expected;
  for (int r = 0; r < size_of(world); ++r) {
    const auto bodies = bodies_of_rank(r);
    expected.insert(expected.end(), bodies.begin(), bodies.end());
  }
  ASSERT_EQ(alone.bodies.size(), expected.size());
  for (std::size_t k = 0; k < expected.size(); ++k) EXPECT_TRUE(identical(alone.bodies[k], expected[k]));
  EXPECT_EQ(alone.num_ranks, size_of(world));
}

TEST(Checkpoint, WithoutGrowthThereIsNoDivisionState) {
  const MPI_Comm comm = MPI_COMM_WORLD;
  const testing::ScratchDirectory dir(comm, "relcp_checkpoint");
  CheckpointState state = state_of_rank(comm);
  state.division.reset();
  write_checkpoint(comm, dir / "c.h5", state);
  EXPECT_FALSE(read_checkpoint(comm, dir / "c.h5").division.has_value());
}

TEST(Checkpoint, MissingOrForeignFilesAreInputErrors) {
  const MPI_Comm comm = MPI_COMM_WORLD;
  const testing::ScratchDirectory dir(comm, "relcp_checkpoint");
  EXPECT_THROW(read_checkpoint(comm, dir / "missing.h5"), InputError);
  if (rank_in(comm) == 0) std::ofstream(dir / "text.h5") << "not HDF5\n";
  MPI_Barrier(comm);
  EXPECT_THROW(read_checkpoint(comm, dir / "text.h5"), InputError);
  create_snapshot_file(comm, dir / "relcp.h5");
  try {
    read_checkpoint(comm, dir / "relcp.h5");
    ADD_FAILURE() << "a snapshot file read as a checkpoint";
  } catch (const InputError& error) {
    EXPECT_EQ(error.key(), "--restart");
    EXPECT_NE(error.message().find("not a relcp checkpoint"), std::string::npos);
  }
}

}  // namespace
}  // namespace relcp::io
