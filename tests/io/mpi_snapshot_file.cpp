// relcp.h5 written collectively: every rank's rows (also from ranks with no bodies) read back
// bit for bit, in rank order, with the owner rank; the contact links likewise, also when there
// are none; a restart drops the later snapshots and reads the kept ones' counts back.

#include <gtest/gtest.h>
#include <mpi.h>

#include <bit>

#include "io/hdf5/snapshot_file.hpp"
#include "io/hdf5/snapshot_reader.hpp"
#include "mpi_scratch_directory.hpp"

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

// Rank r owns 2 r bodies (none on rank 0), of every shape, with distinct values everywhere.
std::vector<Body> bodies_of_rank(int rank, int step) {
  std::vector<Body> bodies;
  for (int k = 0; k < 2 * rank; ++k) {
    Body b;
    b.id = 1000 * rank + k;
    const double s = 0.1 * k + rank + 0.001 * step;
    switch (k % 4) {
      case 0:
        b.shape = geometry::Sphere{0.5 + s};
        break;
      case 1:
        b.shape = geometry::Ellipsoid{Vec3(1 + s, 2 + s, 3 + s)};
        break;
      case 2:
        b.shape = geometry::Spherocylinder{0.25 + s, 2 + s};
        break;
      default:
        b.shape = geometry::Torus{2 + s, 0.5};
        break;
    }
    b.pose.position = Vec3(s, -s, 1.0 / 3.0 + s);
    b.pose.orientation = Quaternion(Eigen::AngleAxisd(s, Vec3(1, 2, 3).normalized()));
    b.velocity = Vec3(1 + s, 2, 3);
    b.angular_velocity = Vec3(4, 5 + s, 6);
    b.force = Vec3(7, 8, 9 + s);
    b.torque = Vec3(-s, 11, 12);
    bodies.push_back(b);
  }
  return bodies;
}

// Rank r owns r links (none on rank 0), one of them against a wall on every third rank.
std::vector<collision::ContactLink> links_of_rank(int rank) {
  std::vector<collision::ContactLink> links;
  for (int k = 0; k < rank; ++k) {
    const double s = 0.1 * k + rank;
    collision::ContactLink link;
    link.point_a = Vec3(s, 2 * s, 1.0 / 3.0);
    link.point_b = Vec3(-s, 0.5, s + 1.0 / 7.0);
    link.normal = Vec3(1, s, -2).normalized();
    link.force = 0.25 * s;
    link.body_a = 1000 * rank + k;
    link.body_b = (rank % 3 == 0 && k == 0) ? collision::kNoBody : 1000 * rank + k + 1;
    links.push_back(link);
  }
  return links;
}

bool same_bits(double a, double b) { return std::bit_cast<std::uint64_t>(a) == std::bit_cast<std::uint64_t>(b); }

void expect_identical(const Body& read, const Body& written) {
  EXPECT_EQ(read.id, written.id);
  EXPECT_EQ(read.shape.index(), written.shape.index());
  const auto same = [](const auto& a, const auto& b) {
    for (Eigen::Index i = 0; i < a.size(); ++i) {
      if (!same_bits(a[i], b[i])) return false;
    }
    return true;
  };
  EXPECT_TRUE(same(read.pose.position, written.pose.position)) << read.id;
  EXPECT_TRUE(same(read.pose.orientation.coeffs(), written.pose.orientation.coeffs())) << read.id;
  EXPECT_TRUE(same(read.velocity, written.velocity)) << read.id;
  EXPECT_TRUE(same(read.angular_velocity, written.angular_velocity)) << read.id;
  EXPECT_TRUE(same(read.force, written.force)) << read.id;
  EXPECT_TRUE(same(read.torque, written.torque)) << read.id;
  if (const auto* t = std::get_if<geometry::Torus>(&read.shape)) {
    EXPECT_EQ(t->major_radius, std::get<geometry::Torus>(written.shape).major_radius);
    EXPECT_EQ(t->minor_radius, 0.5);
  }
  if (const auto* e = std::get_if<geometry::Ellipsoid>(&read.shape)) {
    EXPECT_EQ(e->radii, std::get<geometry::Ellipsoid>(written.shape).radii);
  }
  if (const auto* c = std::get_if<geometry::Spherocylinder>(&read.shape)) {
    EXPECT_EQ(c->length, std::get<geometry::Spherocylinder>(written.shape).length);
  }
}

TEST(SnapshotFile, EveryRanksRowsReadBackBitForBitInRankOrder) {
  const MPI_Comm comm = MPI_COMM_WORLD;
  const int rank = rank_in(comm);
  const testing::ScratchDirectory dir(comm, "relcp_snapshots");
  const std::string path = dir / "relcp.h5";
  create_snapshot_file(comm, path);
  const SnapshotInfo info = write_snapshot(comm, path, 20, 0.25, bodies_of_rank(rank, 20));
  const int size = size_of(comm);
  EXPECT_EQ(info.bodies, static_cast<std::int64_t>(size * (size - 1)));
  EXPECT_EQ(info.step, 20);
  if (rank == 0) {
    const Snapshot snapshot = read_snapshot(path, 20);
    EXPECT_EQ(snapshot.step, 20);
    EXPECT_EQ(snapshot.time, 0.25);
    ASSERT_EQ(static_cast<std::int64_t>(snapshot.bodies.size()), info.bodies);
    std::size_t row = 0;
    for (int r = 0; r < size; ++r) {
      for (const Body& written : bodies_of_rank(r, 20)) {
        expect_identical(snapshot.bodies[row], written);
        EXPECT_EQ(snapshot.owner[row], r);
        ++row;
      }
    }
  }
  MPI_Barrier(comm);
}

TEST(SnapshotFile, RestartKeepsTheSnapshotsUpToItsStep) {
  const MPI_Comm comm = MPI_COMM_WORLD;
  const int rank = rank_in(comm);
  const testing::ScratchDirectory dir(comm, "relcp_snapshots");
  const std::string path = dir / "relcp.h5";
  create_snapshot_file(comm, path);
  for (int step : {0, 10, 20, 30}) {
    write_snapshot(comm, path, step, 0.1 * step, bodies_of_rank(rank, step),
                   step == 10 ? links_of_rank(rank) : std::vector<collision::ContactLink>{});
  }
  const std::vector<SnapshotInfo> kept = keep_snapshots_through(comm, path, 15);
  ASSERT_EQ(kept.size(), 2u);
  EXPECT_EQ(kept[0].step, 0);
  EXPECT_EQ(kept[0].contacts, 0);
  EXPECT_EQ(kept[1].step, 10);
  EXPECT_EQ(kept[1].time, 1.0);
  const int size = size_of(comm);
  EXPECT_EQ(kept[1].contacts, static_cast<std::int64_t>(size * (size - 1) / 2));
  write_snapshot(comm, path, 20, 2.0, bodies_of_rank(rank, 21));  // the continued run
  if (rank == 0) {
    const std::vector<SnapshotInfo> listed = list_snapshots(path);
    ASSERT_EQ(listed.size(), 3u);
    EXPECT_EQ(listed[2].step, 20);
    const Snapshot snapshot = read_snapshot(path, 20);
    if (!snapshot.bodies.empty()) {
      expect_identical(snapshot.bodies.back(), bodies_of_rank(size_of(comm) - 1, 21).back());
    }
  }
  MPI_Barrier(comm);
}

TEST(SnapshotFile, ASnapshotWithoutBodiesIsValid) {
  const MPI_Comm comm = MPI_COMM_WORLD;
  const testing::ScratchDirectory dir(comm, "relcp_snapshots");
  const std::string path = dir / "relcp.h5";
  create_snapshot_file(comm, path);
  const SnapshotInfo info = write_snapshot(comm, path, 0, 0.0, {});
  EXPECT_EQ(info.bodies, 0);
  if (rank_in(comm) == 0) {
    EXPECT_TRUE(read_snapshot(path, 0).bodies.empty());
  }
  MPI_Barrier(comm);
}

TEST(SnapshotFile, EveryRanksLinksReadBackBitForBitInRankOrder) {
  const MPI_Comm comm = MPI_COMM_WORLD;
  const int rank = rank_in(comm);
  const int size = size_of(comm);
  const testing::ScratchDirectory dir(comm, "relcp_snapshots");
  const std::string path = dir / "relcp.h5";
  create_snapshot_file(comm, path);
  const std::vector<collision::ContactLink> mine = links_of_rank(rank);
  const SnapshotInfo info = write_snapshot(comm, path, 20, 0.25, bodies_of_rank(rank, 20), mine);
  EXPECT_EQ(info.contacts, static_cast<std::int64_t>(size * (size - 1) / 2));
  if (rank == 0) {
    EXPECT_EQ(list_snapshots(path).at(0).contacts, info.contacts);
    const Snapshot snapshot = read_snapshot(path, 20);
    ASSERT_EQ(static_cast<std::int64_t>(snapshot.contacts.size()), info.contacts);
    std::size_t row = 0;
    for (int r = 0; r < size; ++r) {
      for (const collision::ContactLink& written : links_of_rank(r)) {
        const collision::ContactLink& read = snapshot.contacts[row++];
        for (int i = 0; i < 3; ++i) {
          EXPECT_TRUE(same_bits(read.point_a[i], written.point_a[i]));
          EXPECT_TRUE(same_bits(read.point_b[i], written.point_b[i]));
          EXPECT_TRUE(same_bits(read.normal[i], written.normal[i]));
        }
        EXPECT_TRUE(same_bits(read.force, written.force));
        EXPECT_EQ(read.body_a, written.body_a);
        EXPECT_EQ(read.body_b, written.body_b);
      }
    }
  }
  MPI_Barrier(comm);
}

TEST(SnapshotFile, ASnapshotWithoutLinksHasAnEmptyContactsGroup) {
  const MPI_Comm comm = MPI_COMM_WORLD;
  const int rank = rank_in(comm);
  const testing::ScratchDirectory dir(comm, "relcp_snapshots");
  const std::string path = dir / "relcp.h5";
  create_snapshot_file(comm, path);
  const SnapshotInfo info = write_snapshot(comm, path, 0, 0.0, bodies_of_rank(rank, 0));
  EXPECT_EQ(info.contacts, 0);
  if (rank == 0) {
    EXPECT_TRUE(read_snapshot(path, 0).contacts.empty());
    EXPECT_EQ(list_snapshots(path).at(0).contacts, 0);
  }
  MPI_Barrier(comm);
}

TEST(SnapshotFile, GroupNamesHaveAtLeastEightDigits) {
  EXPECT_EQ(snapshot_group_name(42), "/snapshots/00000042");
  EXPECT_EQ(snapshot_group_name(123456789), "/snapshots/123456789");
}

}  // namespace
}  // namespace relcp::io
