// Walls on 1-4 ranks: spheres and ellipsoids pushed by a constant force against half-space walls
// come to rest on them with overlap <= tolerance, for single, multisphere and relcp, overdamped
// and inertial; at rest the wall rows' forces balance the push.
//
// Force balance: gamma is a force in both models (dU = (s/dt) M D gamma; overdamped s = dt,
// inertial s = dt^2 with M = M^-1). For a body at rest on a wall with normal n, pushed by F, the
// linearized end-of-step gap of its wall rows is  phi + dt n.(V + dU) = 0  with
// n.V = n.(U^k + dt m F) (m: translational mobility, U^k = 0 overdamped), so
//   sum gamma = -n.F - (phi + dt n.U^k) / (s m):
// the push, up to the start gap and the previous step's residual, each below the solver
// tolerance in length units. Hence |sum gamma - (-n.F)| <= 4 tolerance / (s m).
#include <gtest/gtest.h>
#include <mpi.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <utility>
#include <vector>

#include "collision/detection/wall_constraints.hpp"
#include "dynamics/local_drag_mobility.hpp"
#include "dynamics/mass_properties.hpp"
#include "support/contact_scene.hpp"
#include "support/integrated_step.hpp"
#include "support/scene_bodies.hpp"
#include "support/strategy_cases.hpp"

namespace relcp::collision {
namespace {

using testing::about;
using testing::gather_poses;
using testing::make_store;
using testing::StrategyCase;

constexpr double kTolerance = 1e-6;

const std::vector<geometry::HalfSpace> kWalls{
    {Vec3(0.0, 0.0, 0.0), Vec3(0.0, 0.0, 1.0)},   // floor
    {Vec3(-5.0, 0.0, 0.0), Vec3(1.0, 0.0, 0.0)},  // left side
};

// The body placed with its lowest point `gap` above the floor.
particles::Body above_floor(GlobalId id, geometry::Shape shape, double x, const Quaternion& q, double gap,
                            const Vec3& push) {
  particles::Body b;
  b.id = id;
  b.shape = shape;
  b.pose.position = Vec3(x, 0.0, 0.0);
  b.pose.orientation = q;
  b.pose.position.z() = gap - geometry::signed_separation(shape, b.pose, kWalls[0]).phi;
  b.force = push;
  return b;
}

// 0: a sphere pushed into the corner of both walls; 1: an ellipsoid lying flat (turned about
// z); 2: a tilted ellipsoid (its deepest point off the centre: it turns flat while settling).
std::vector<particles::Body> scene(bool tilted) {
  const geometry::Ellipsoid ellipsoid{Vec3(1.0, 0.5, 0.5)};
  std::vector<particles::Body> bodies{
      above_floor(0, geometry::Sphere{0.5}, -4.3, Quaternion::Identity(), 0.2, Vec3(-1.0, 0.0, -1.0)),
      above_floor(1, ellipsoid, 0.0, about(Vec3::UnitZ(), 30.0), 0.2, Vec3(0.0, 0.0, -1.0))};
  if (tilted) {
    bodies.push_back(above_floor(2, ellipsoid, 4.0, about(Vec3(0.3, 1.0, 0.0), 20.0), 0.15, Vec3(0.0, 0.0, -1.0)));
  }
  return bodies;
}

double translational_mobility(const geometry::Shape& shape, const ContactDynamics& dynamics) {
  return dynamics.inertial ? 1.0 / dynamics::mass_of(shape, dynamics.density)
                           : dynamics::LocalDragMobility(dynamics.drag).translational(shape);
}

// The smallest body-wall separation over the gathered bodies (all ranks); bodies in `skip` are
// left out.
double smallest_wall_separation(const particles::ParticleStore& store,
                                const std::map<GlobalId, geometry::Shape>& shapes,
                                const std::vector<GlobalId>& skip = {}) {
  double smallest = 1e300;
  for (const auto& [id, pose] : gather_poses(store)) {
    if (std::find(skip.begin(), skip.end(), id) != skip.end()) continue;
    for (const geometry::HalfSpace& wall : kWalls) {
      smallest = std::min(smallest, geometry::signed_separation(shapes.at(id), pose, wall).phi);
    }
  }
  return smallest;
}

class WallContacts : public ::testing::TestWithParam<StrategyCase> {};

TEST_P(WallContacts, PushedBodiesComeToRestOnTheWallsAndTheWallForcesBalanceThePush) {
  const StrategyCase c = GetParam();
  // A tilted ellipsoid rocks for long under inelastic impacts without drag: overdamped only.
  const auto bodies = scene(!c.inertial);
  const auto shapes = testing::shapes_of(bodies);
  auto store = make_store(MPI_COMM_WORLD, bodies);
  ContactSettings settings;
  settings.strategy.name = c.strategy;
  settings.strategy.tolerance = kTolerance;
  settings.strategy.multisphere_count = 7;
  settings.walls = kWalls;
  ContactDynamics dynamics;
  dynamics.inertial = c.inertial;
  ContactResolver resolver(settings, dynamics);
  const testing::Integrator integrator = testing::integrator_for(dynamics);

  // Per (body, wall): the summed wall-row forces of the latest solve, on the body's owner.
  std::map<std::pair<GlobalId, int>, double> wall_force;
  resolver.set_observer([&](const ContactIterationView& view) {
    wall_force.clear();
    const auto& records = view.matrix.constraints().records();
    for (std::size_t r = 0; r < records.size(); ++r) {
      if (records[r].is_wall()) wall_force[{records[r].body_a, records[r].wall}] += view.gamma[r];
    }
  });

  const double dt = 0.05;
  const bool exact_model = c.strategy == "relcp";
  ContactStepReport report;
  for (int step = 0; step < 200; ++step) {
    for (auto& body : store.owned()) {
      body.force = bodies[static_cast<std::size_t>(body.id)].force;
      body.torque = Vec3::Zero();
    }
    report = testing::integrated_step(store, resolver, integrator, dt);
    if (exact_model) {
      ASSERT_LE(report.max_overlap, kTolerance) << "step " << step;
      ASSERT_GE(smallest_wall_separation(store, shapes), -kTolerance - 1e-9) << "step " << step;
    }
  }
  // At rest: no motion left, overlap within the tolerance (the multisphere model's own overlap;
  // its true surface dips below the tilted ellipsoid's inscribed spheres).
  EXPECT_LE(report.max_model_overlap, kTolerance);
  if (c.strategy == "multisphere") {
    EXPECT_GE(smallest_wall_separation(store, shapes, {2}), -kTolerance - 1e-9);
  } else {
    EXPECT_LE(report.max_overlap, kTolerance);
    EXPECT_GE(smallest_wall_separation(store, shapes), -kTolerance - 1e-9);
  }
  const double s = c.inertial ? dt * dt : dt;
  for (const auto& body : store.owned()) {
    EXPECT_LT(body.velocity.norm(), 1e-3) << "body " << body.id << " still moves";
    EXPECT_LT(body.angular_velocity.norm(), 1e-3) << "body " << body.id << " still turns";
    const double bound = 4.0 * kTolerance / (s * translational_mobility(body.shape, dynamics));
    const Vec3 push = bodies[static_cast<std::size_t>(body.id)].force;
    for (int w = 0; w < static_cast<int>(kWalls.size()); ++w) {
      const double expected = std::max(0.0, -push.dot(kWalls[static_cast<std::size_t>(w)].normal));
      const auto found = wall_force.find({body.id, w});
      const double force = found == wall_force.end() ? 0.0 : found->second;
      EXPECT_NEAR(force, expected, bound) << "body " << body.id << ", wall " << w;
    }
  }
}

INSTANTIATE_TEST_SUITE_P(AllStrategies, WallContacts, ::testing::ValuesIn(testing::every_strategy_case()),
                         testing::case_name);

// A wall row is built only by the owner of its body, once per body-wall pair per iteration;
// its six entries predict the gap rate of the body against the wall.
TEST(WallConstraints, RowsPredictTheGapRate) {
  particles::Body body;
  body.id = 3;
  body.shape = geometry::Ellipsoid{Vec3(1.0, 0.5, 0.5)};
  body.pose.position = Vec3(0.2, 0.0, 0.6);
  body.pose.orientation = about(Vec3(1.0, 2.0, 0.5), 35.0);
  const std::vector<particles::Body> owned{body};
  const auto contacts = wall_contacts(owned, kWalls, 0.2);
  ASSERT_EQ(contacts.size(), 1u);  // only the floor is near
  const auto rows = deepest_point_wall_constraints(contacts, owned, 0.2);
  ASSERT_EQ(rows.size(), 1u);
  EXPECT_TRUE(rows[0].is_wall());
  EXPECT_EQ(rows[0].body_a, 3);
  EXPECT_EQ(rows[0].wall, 0);
  const Vec3 u(0.3, -0.2, -0.7), w(0.4, 0.1, -0.5);
  const double h = 1e-6;
  geometry::Pose moved = body.pose;
  moved.position += h * u;
  moved.orientation = (Quaternion(Eigen::AngleAxisd(h * w.norm(), w.normalized())) * moved.orientation).normalized();
  const double rate = (geometry::signed_separation(body.shape, moved, kWalls[0]).phi - contacts[0].separation.phi) / h;
  Eigen::Matrix<double, 6, 1> velocity;
  velocity << u, w;
  EXPECT_NEAR(rows[0].row.head<6>().dot(velocity), rate, 1e-5);

  const auto spheres = multisphere_wall_constraints(owned, kWalls, 5, 0.2);
  ASSERT_FALSE(spheres.empty());
  for (const auto& row : spheres) {
    EXPECT_TRUE(row.is_wall());
    EXPECT_EQ(row.wall, 0);
    EXPECT_LT(row.phi, 0.2);
  }
}

}  // namespace
}  // namespace relcp::collision
