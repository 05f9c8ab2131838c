// Contacts across a periodic face on 1-4 ranks: spheres and ellipsoids pushed against each
// other through the x faces of a periodic box, some crossing a face during a step (their trial
// positions lie outside the box, their pairs are found through the ghost images at the minimum
// image). Every accepted relcp step leaves no pair below -tolerance (brute force, minimum image),
// positions stay wrapped into the box, and the run agrees with the same run on one rank.
#include <gtest/gtest.h>
#include <mpi.h>

#include <cmath>
#include <map>
#include <vector>

#include "support/contact_scene.hpp"
#include "support/scene_bodies.hpp"
#include "support/strategy_cases.hpp"

namespace relcp::collision {
namespace {

using testing::gather_poses;
using testing::shapes_of;

constexpr double kTolerance = 1e-6;

particles::Domain periodic_box() {
  particles::Domain domain;
  domain.lower = Vec3(-5.0, -5.0, -5.0);
  domain.upper = Vec3(5.0, 5.0, 5.0);
  domain.periodic = {true, true, false};
  return domain;
}

particles::Body body(GlobalId id, geometry::Shape shape, const Vec3& position, const Quaternion& q, const Vec3& push) {
  return testing::make_body(id, shape, position, q.normalized(), push);
}

// Pairs facing each other across x = +-5: the one inside near +5 is pushed toward +x (it
// crosses the face in the first steps), its partner near -5 toward -x. A third row across the
// y faces, and a few bodies in the middle for the ranks' regions.
std::vector<particles::Body> scene() {
  const geometry::Sphere sphere{0.5};
  const geometry::Ellipsoid ellipsoid{Vec3(1.0, 0.5, 0.5)};
  const Quaternion q(0.9, 0.1, -0.3, 0.2);
  return {body(0, sphere, Vec3(4.75, 0.0, 0.0), Quaternion::Identity(), Vec3(6.0, 0.0, 0.0)),
          body(1, ellipsoid, Vec3(-3.6, 0.1, 0.0), Quaternion::Identity(), Vec3(-3.0, 0.0, 0.0)),
          body(2, ellipsoid, Vec3(4.3, 2.5, 0.3), q, Vec3(5.0, 0.0, 0.0)),
          body(3, sphere, Vec3(-4.9, 2.2, 0.0), Quaternion::Identity(), Vec3(-2.0, 0.0, 0.0)),
          body(4, sphere, Vec3(1.0, 4.8, 0.0), Quaternion::Identity(), Vec3(0.0, 6.0, 0.0)),
          body(5, ellipsoid, Vec3(1.2, -3.7, 0.1), Quaternion(0.8, 0.0, 0.0, 0.6), Vec3(0.0, -3.0, 0.0)),
          body(6, sphere, Vec3(-1.0, 0.0, 0.0), Quaternion::Identity(), Vec3::Zero()),
          body(7, ellipsoid, Vec3(2.0, 1.0, -1.0), q, Vec3::Zero())};
}

// The smallest true separation over all pairs at their minimum image (brute force).
double smallest_periodic_separation(const std::map<GlobalId, geometry::Pose>& poses,
                                    const std::map<GlobalId, geometry::Shape>& shapes,
                                    const particles::Domain& domain) {
  double smallest = 1e300;
  for (auto a = poses.begin(); a != poses.end(); ++a) {
    for (auto b = std::next(a); b != poses.end(); ++b) {
      geometry::Pose image = b->second;
      image.position = a->second.position + domain.minimum_image(b->second.position - a->second.position);
      const double phi = geometry::signed_separation(shapes.at(a->first), a->second, shapes.at(b->first), image).phi;
      smallest = std::min(smallest, phi);
    }
  }
  return smallest;
}

struct RunResult {
  std::map<GlobalId, geometry::Pose> poses;
  bool crossed = false;  // body 0 went through the +x face
};

RunResult run(MPI_Comm comm, const std::string& strategy, int steps) {
  const particles::Domain domain = periodic_box();
  const auto bodies = scene();
  particles::ParticleStore store(comm, domain);
  store.distribute_from_all(bodies);
  store.rebalance(particles::Partitioner{});
  ContactSettings settings;
  settings.strategy.name = strategy;
  settings.strategy.tolerance = kTolerance;
  settings.solver.max_iterations = 50000;
  settings.strategy.multisphere_count = 5;
  ContactResolver resolver(settings, ContactDynamics{});
  RunResult result;
  const double dt = 0.1;
  for (int step = 0; step < steps; ++step) {
    for (auto& b : store.owned()) b.force = bodies[static_cast<std::size_t>(b.id)].force;
    const ContactStepReport report = testing::overdamped_step(store, resolver, dt);
    const auto poses = gather_poses(store);
    for (const auto& [id, pose] : poses) {
      for (int axis = 0; axis < 3; ++axis) {
        if (!domain.periodic[static_cast<std::size_t>(axis)]) continue;
        EXPECT_GE(pose.position[axis], domain.lower[axis]) << "body " << id << " not wrapped";
        EXPECT_LT(pose.position[axis], domain.upper[axis]) << "body " << id << " not wrapped";
      }
    }
    if (poses.at(0).position.x() < 0.0) result.crossed = true;
    if (strategy == "relcp") {
      EXPECT_FALSE(report.capped);
      EXPECT_LE(report.max_overlap, kTolerance) << "step " << step;
      EXPECT_GE(smallest_periodic_separation(poses, shapes_of(bodies), domain), -kTolerance - 1e-9) << "step " << step;
    }
  }
  result.poses = gather_poses(store);
  return result;
}

class PeriodicContacts : public ::testing::TestWithParam<std::string> {};

TEST_P(PeriodicContacts, PairsAcrossTheFacesAreResolvedAndAgreeWithOneRank) {
  const int steps = 12;
  const RunResult all = run(MPI_COMM_WORLD, GetParam(), steps);
  const RunResult one = run(MPI_COMM_SELF, GetParam(), steps);
  EXPECT_TRUE(all.crossed) << "body 0 must cross the periodic face";
  const particles::Domain domain = periodic_box();
  ASSERT_EQ(all.poses.size(), one.poses.size());
  for (const auto& [id, pose] : all.poses) {
    const geometry::Pose& single = one.poses.at(id);
    EXPECT_LE(domain.minimum_image(pose.position - single.position).norm(), 1e-4) << "body " << id;
    EXPECT_GE(std::abs(pose.orientation.dot(single.orientation)), 1.0 - 1e-8) << "body " << id;
  }
}

INSTANTIATE_TEST_SUITE_P(AllStrategies, PeriodicContacts, ::testing::ValuesIn(contact_strategy_names()),
                         [](const ::testing::TestParamInfo<std::string>& info) { return info.param; });

}  // namespace
}  // namespace relcp::collision
