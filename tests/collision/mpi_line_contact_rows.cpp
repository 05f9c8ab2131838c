// Rows at the far end of a line contact (detection/line_contact_rows.hpp): two nearly parallel
// rods touching at one end get a row at the other, at the gap of the axes' far ends, pushing them
// apart; none where the pair has a row there already, for crossing rods, for ends farther than
// the threshold, or for spheres. The scene is spread over the ranks; each pair is counted on its
// rank.
#include <gtest/gtest.h>
#include <mpi.h>

#include <algorithm>
#include <cmath>
#include <memory>
#include <vector>

#include "collision/detection/contact_scene.hpp"
#include "collision/detection/line_contact_rows.hpp"
#include "collision/solvers/distributed_auto_solver.hpp"
#include "collision/strategies/contact_settings.hpp"
#include "collision/strategies/single_constraint_strategy.hpp"
#include "support/contact_scene.hpp"
#include "support/scene_bodies.hpp"

namespace relcp::collision {
namespace {

using testing::about;
using testing::make_body;
using testing::make_store;

constexpr double kBuffer = 0.1;
constexpr double kRadius = 0.25;
constexpr double kLength = 2.0;  // the cylinder's; the axis runs from -1 to 1

const geometry::Spherocylinder kRod{kRadius, kLength};

// Rod 1 along x at the origin; rod 2 beside it at y = 2 r + gap, turned by `degrees` about z
// around its own centre, so that its +x end comes closer to rod 1 and its -x end goes away.
std::vector<particles::Body> rods_side_by_side(double gap, double degrees) {
  const Quaternion along_x = about(Vec3::UnitY(), 90.0);  // body z to lab x
  return {make_body(1, kRod, Vec3::Zero(), along_x),
          make_body(2, kRod, Vec3(0.0, 2.0 * kRadius + gap, 0.0), about(Vec3::UnitZ(), -degrees) * along_x)};
}

class FarEndRows : public ::testing::Test {
 protected:
  const ContactScene& detect(const std::vector<particles::Body>& bodies) {
    store_ = std::make_unique<particles::ParticleStore>(make_store(MPI_COMM_WORLD, bodies));
    store_->exchange_ghosts(kBuffer);
    scene_ = std::make_unique<ContactScene>(detect_contacts(*store_, {}, kBuffer, kBuffer));
    rows_ = deepest_point_rows(*scene_, kBuffer);
    return *scene_;
  }
  // The far-end rows of every rank, gathered in pair order (one pair at most here).
  std::vector<ConstraintRecord> end_rows(double threshold) {
    const std::vector<ConstraintRecord> mine = line_contact_end_rows(*scene_, rows_, threshold);
    int count = static_cast<int>(mine.size());
    MPI_Allreduce(MPI_IN_PLACE, &count, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    EXPECT_LE(count, 1);
    // Broadcast the one row from whichever rank has it.
    int holder = mine.empty() ? -1 : 0;
    if (!mine.empty()) MPI_Comm_rank(MPI_COMM_WORLD, &holder);
    MPI_Allreduce(MPI_IN_PLACE, &holder, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    if (holder < 0) return {};
    ConstraintRecord row = mine.empty() ? ConstraintRecord{} : mine.front();
    MPI_Bcast(&row, sizeof(ConstraintRecord), MPI_BYTE, holder, MPI_COMM_WORLD);
    return {row};
  }
  // The deepest-point rows of the pair, gathered (count over all ranks).
  int pair_rows() const {
    int count = static_cast<int>(rows_.size());
    MPI_Allreduce(MPI_IN_PLACE, &count, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    return count;
  }

  std::unique_ptr<particles::ParticleStore> store_;
  std::unique_ptr<ContactScene> scene_;
  std::vector<ConstraintRecord> rows_;
};

TEST_F(FarEndRows, NearlyParallelRodsGetARowAtTheFarEnd) {
  const double degrees = 1.0;
  detect(rods_side_by_side(1e-3, degrees));
  ASSERT_EQ(pair_rows(), 1);
  const std::vector<ConstraintRecord> rows = end_rows(kBuffer);
  ASSERT_EQ(rows.size(), 1u);
  const ConstraintRecord& row = rows.front();
  EXPECT_EQ(row.body_a, 1);
  EXPECT_EQ(row.body_b, 2);
  EXPECT_EQ(row.creation_index, kLineContactCreationIndex);
  // Rod 2's -x end moved away by about sin(1 degree) of its half axis: the gap there, along +y,
  // with the points on the two surfaces.
  const double turned = degrees * M_PI / 180.0;
  EXPECT_NEAR(row.phi, 1e-3 + std::sin(turned), 3e-4);
  EXPECT_NEAR((row.point_b - row.point_a).dot(row.normal), row.phi, 1e-12);
  // Each point is a radius from its rod's axis segment, to within r (1 - cos 1 degree).
  const Vec3 on_axis_1(std::clamp(row.point_a.x(), -1.0, 1.0), 0.0, 0.0);
  EXPECT_NEAR((row.point_a - on_axis_1).norm(), kRadius, 5e-5);
  const Vec3 centre_2(0.0, 2.0 * kRadius + 1e-3, 0.0);
  const Vec3 axis_2(std::cos(turned), -std::sin(turned), 0.0);
  const Vec3 from_2 = row.point_b - centre_2;
  EXPECT_NEAR((from_2 - std::clamp(from_2.dot(axis_2), -1.0, 1.0) * axis_2).norm(), kRadius, 5e-5);
  EXPECT_GT(row.phi, 1e-3);
  EXPECT_LT(row.phi, kBuffer);
  EXPECT_NEAR(row.normal.norm(), 1.0, 1e-12);
  EXPECT_GT(row.normal.y(), 0.99);
  EXPECT_LT(row.arm_a.x(), -0.9);  // at rod 1's -x end; the deepest point is at its +x end
}

TEST_F(FarEndRows, NoRowWhereThePairHasOneAlready) {
  detect(rods_side_by_side(1e-3, 1.0));
  const std::vector<ConstraintRecord> first = end_rows(kBuffer);
  ASSERT_EQ(first.size(), 1u);
  // On the pair's rank, the far-end row joins the pair's rows: no second one.
  int mine = 0;
  for (const ConstraintRecord& row : rows_) mine += row.body_a == first.front().body_a;
  if (mine > 0) rows_.push_back(first.front());
  EXPECT_TRUE(end_rows(kBuffer).empty());
}

TEST_F(FarEndRows, NoRowForEndsBeyondTheThreshold) {
  detect(rods_side_by_side(1e-3, 1.0));
  EXPECT_TRUE(end_rows(1e-3).empty());  // the far ends' gap is about 0.018
}

TEST_F(FarEndRows, NoRowForRodsThatCross) {
  const Quaternion along_x = about(Vec3::UnitY(), 90.0);
  detect({make_body(1, kRod, Vec3::Zero(), along_x),
          make_body(2, kRod, Vec3(0.0, 0.0, 2.0 * kRadius + 1e-3), about(Vec3::UnitZ(), 90.0) * along_x)});
  ASSERT_EQ(pair_rows(), 1);
  EXPECT_TRUE(end_rows(kBuffer).empty());
}

TEST_F(FarEndRows, NoRowForSpheres) {
  const geometry::Sphere ball{kRadius};
  detect({make_body(1, ball, Vec3::Zero(), Quaternion::Identity()),
          make_body(2, ball, Vec3(2.0 * kRadius + 1e-3, 0.0, 0.0), Quaternion::Identity())});
  ASSERT_EQ(pair_rows(), 1);
  EXPECT_TRUE(end_rows(kBuffer).empty());
}

TEST(LineContactRowsRule, AutoAddsThemWhereTheFirstLcpGoesToIp) {
  ContactSettings settings;  // solver auto, line_contact_rows automatic
  EXPECT_FALSE(line_contact_rows_wanted(settings, kAutoFarInteriorPointRows - 1));
  EXPECT_TRUE(line_contact_rows_wanted(settings, kAutoFarInteriorPointRows));
  settings.solver.name = "alm";
  EXPECT_FALSE(line_contact_rows_wanted(settings, 10 * kAutoFarInteriorPointRows));
  settings.solver.name = "ip";
  EXPECT_TRUE(line_contact_rows_wanted(settings, 10));
  settings.strategy.line_contact_rows = LineContactRows::off;
  EXPECT_FALSE(line_contact_rows_wanted(settings, 10 * kAutoFarInteriorPointRows));
  settings.solver.name = "apgd";
  settings.strategy.line_contact_rows = LineContactRows::on;
  EXPECT_TRUE(line_contact_rows_wanted(settings, 10));
}

}  // namespace
}  // namespace relcp::collision
