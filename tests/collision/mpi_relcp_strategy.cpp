// ReLCP on 1-4 ranks (Palmer et al. 2025, Sec. 3.1, Fig. 2): old rows and their constant terms
// never change, the collision work W_i does not decrease, an accepted step leaves no pair below
// -tolerance, three overlapping rods are separated within one step, the policy `fail` throws,
// the iteration count goes to 1 as dt shrinks, and Jacobi-preconditioned solves give an
// overlap-free step.
#include <gtest/gtest.h>
#include <mpi.h>

#include <cmath>
#include <vector>

#include "core/error.hpp"
#include "support/contact_scene.hpp"
#include "support/scene_bodies.hpp"

namespace relcp::collision {
namespace {

using testing::about;
using testing::gather_poses;
using testing::make_store;
using testing::overdamped_step;
using testing::shapes_of;
using testing::smallest_separation;

particles::Body body(GlobalId id, geometry::Shape shape, const Vec3& position, const Quaternion& q,
                     const Vec3& force = Vec3::Zero()) {
  return testing::make_body(id, shape, position, q.normalized(), force);
}

// Paper Fig. 2: three capsules (length 1, diameter 0.25) side by side 0.13 apart, turned
// against each other in the x-y plane, overlapping by about 0.12.
std::vector<particles::Body> three_rods() {
  const geometry::Spherocylinder rod{0.125, 1.0};
  const Quaternion axis_x = about(Vec3::UnitY(), 90.0);
  return {body(0, rod, Vec3(0.0, 0.0, 0.0), about(Vec3::UnitZ(), 0.0) * axis_x),
          body(1, rod, Vec3(0.15, 0.13, 0.0), about(Vec3::UnitZ(), 20.0) * axis_x),
          body(2, rod, Vec3(-0.1, 0.26, 0.02), about(Vec3::UnitZ(), -15.0) * axis_x)};
}

// Eight ellipsoids in a 2x2x2 block, pushed together hard for a large step.
std::vector<particles::Body> squeezed_ellipsoids() {
  const geometry::Ellipsoid shape{Vec3(1.0, 0.5, 0.5)};
  std::vector<particles::Body> bodies;
  GlobalId id = 0;
  for (int i = 0; i < 2; ++i)
    for (int j = 0; j < 2; ++j)
      for (int k = 0; k < 2; ++k) {
        const Vec3 x(2.1 * i - 1.05, 1.1 * j - 0.55, 1.1 * k - 0.55);
        const Quaternion q = about(Vec3(1.0 + i, 2.0 - j, 0.5 + k), 25.0 * (i + 2 * j + 3 * k));
        bodies.push_back(body(id++, shape, x, q, -4.0 * x));
      }
  return bodies;
}

ContactSettings relcp_settings() {
  ContactSettings settings;
  settings.strategy.name = "relcp";
  settings.solver.name = "bbpgd";
  settings.strategy.tolerance = 1e-5;
  settings.strategy.max_relcp_iterations = 100;
  settings.strategy.search_buffer = 0.2;
  return settings;
}

// The configuration the step accepts: C^k advanced by dt with the resolved velocities.
double smallest_separation_after(particles::ParticleStore& store, const std::vector<particles::Body>& bodies,
                                 double dt) {
  dynamics::advance_configuration(store.owned(), dt);
  return smallest_separation(gather_poses(store), shapes_of(bodies));
}

struct LocalSnapshot {
  std::vector<ConstraintRecord> rows;
  std::vector<double> constant;
};

TEST(RelcpStrategy, OldRowsAndConstantsNeverChangeAndWorkDoesNotDecrease) {
  const auto bodies = squeezed_ellipsoids();
  auto store = make_store(MPI_COMM_WORLD, bodies);
  ContactResolver resolver(relcp_settings(), ContactDynamics{});
  std::vector<LocalSnapshot> snapshots;
  resolver.set_observer([&](const ContactIterationView& view) {
    LocalSnapshot s;
    s.rows = view.matrix.constraints().records();
    s.constant.assign(view.constant.local_data(), view.constant.local_data() + view.constant.local_size());
    snapshots.push_back(std::move(s));
  });
  const double dt = 0.5;
  testing::set_drag_velocities(store, 1.0);
  const ContactStepReport report = resolver.resolve(store, dt);
  ASSERT_GE(report.relcp_iterations, 2) << "the scene must need more than one LCP";
  ASSERT_EQ(snapshots.size(), static_cast<std::size_t>(report.relcp_iterations));
  for (std::size_t later = 1; later < snapshots.size(); ++later) {
    const LocalSnapshot& old = snapshots[later - 1];
    const LocalSnapshot& now = snapshots[later];
    ASSERT_GE(now.rows.size(), old.rows.size());
    for (std::size_t r = 0; r < old.rows.size(); ++r) {
      EXPECT_EQ(now.rows[r].row, old.rows[r].row) << "row " << r << " changed at iteration " << later;
      EXPECT_EQ(now.rows[r].phi, old.rows[r].phi);
      EXPECT_EQ(now.constant[r], old.constant[r]) << "c of row " << r << " changed";
    }
  }
  ASSERT_EQ(report.work.size(), snapshots.size());
  for (std::size_t i = 1; i < report.work.size(); ++i) {
    EXPECT_GE(report.work[i], report.work[i - 1] * (1.0 - 1e-6)) << "W decreased at iteration " << i;
  }
  EXPECT_FALSE(report.capped);
  EXPECT_LE(report.max_overlap, 1e-5);
  EXPECT_GE(smallest_separation_after(store, bodies, dt), -1e-5 - 1e-9);
}

TEST(RelcpStrategy, SeparatesThreeOverlappingRodsWithinOneStep) {
  const auto bodies = three_rods();
  EXPECT_LT(smallest_separation(
                [&] {
                  std::map<GlobalId, geometry::Pose> p;
                  for (const auto& b : bodies) p[b.id] = b.pose;
                  return p;
                }(),
                shapes_of(bodies)),
            -0.05);
  auto store = make_store(MPI_COMM_WORLD, bodies);
  ContactResolver resolver(relcp_settings(), ContactDynamics{});
  const double dt = 1e-4;
  testing::set_drag_velocities(store, 1.0);
  const ContactStepReport report = resolver.resolve(store, dt);
  EXPECT_FALSE(report.capped);
  EXPECT_LE(report.max_overlap, 1e-5);
  EXPECT_GE(smallest_separation_after(store, bodies, dt), -1e-5 - 1e-9);
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0)
    std::printf("three rods: %lld LCP solves, %lld constraints\n", static_cast<long long>(report.relcp_iterations),
                static_cast<long long>(report.constraints));
}

// bbpgd only: apgd with jacobi is covered on the solver level (mpi_distributed_solvers), and
// each resolve here costs seconds on an oversubscribed 4-rank run.
// One large step of the squeezed ellipsoids needs several ReLCP solves and ends overlap-free.
void expect_large_step_accepted_overlap_free(const ContactSettings& settings) {
  const auto bodies = squeezed_ellipsoids();
  auto store = make_store(MPI_COMM_WORLD, bodies);
  ContactResolver resolver(settings, ContactDynamics{});
  const double dt = 0.5;
  testing::set_drag_velocities(store, 1.0);
  const ContactStepReport report = resolver.resolve(store, dt);
  EXPECT_GE(report.relcp_iterations, 2);
  EXPECT_FALSE(report.capped);
  EXPECT_LE(report.max_overlap, 1e-5);
  EXPECT_GE(smallest_separation_after(store, bodies, dt), -1e-5 - 1e-9);
}

TEST(RelcpStrategy, JacobiPreconditionedStepIsAcceptedOverlapFree) {
  ContactSettings settings = relcp_settings();
  settings.solver.preconditioner = DistributedPreconditioner::jacobi;
  expect_large_step_accepted_overlap_free(settings);
}

// The alm solver inside ReLCP: the same accepted, overlap-free step.
TEST(RelcpStrategy, AlmStepIsAcceptedOverlapFree) {
  ContactSettings settings = relcp_settings();
  settings.solver.name = "alm";
  expect_large_step_accepted_overlap_free(settings);
}

TEST(RelcpStrategy, JacobiWithMinmapIsRefused) {
  ContactSettings settings = relcp_settings();
  settings.solver.name = "minmap";
  settings.solver.preconditioner = DistributedPreconditioner::jacobi;
  try {
    ContactResolver resolver(settings, ContactDynamics{});
    ADD_FAILURE() << "minmap with jacobi was accepted";
  } catch (const InputError& error) {
    EXPECT_EQ(error.key(), "preconditioner");
  }
}

TEST(RelcpStrategy, PolicyFailThrowsWhenTheCapLeavesOverlap) {
  const auto bodies = squeezed_ellipsoids();
  auto store = make_store(MPI_COMM_WORLD, bodies);
  ContactSettings settings = relcp_settings();
  settings.strategy.max_relcp_iterations = 1;
  settings.strategy.on_max_relcp_iterations = RelcpCapPolicy::fail;
  ContactResolver failing(settings, ContactDynamics{});
  testing::set_drag_velocities(store, 1.0);
  EXPECT_THROW(failing.resolve(store, 0.5), RunTimeFailure);

  settings.strategy.on_max_relcp_iterations = RelcpCapPolicy::accept;
  ContactResolver accepting(settings, ContactDynamics{});
  auto again = make_store(MPI_COMM_WORLD, bodies);
  testing::set_drag_velocities(again, 1.0);
  const ContactStepReport report = accepting.resolve(again, 0.5);
  EXPECT_TRUE(report.capped);
  EXPECT_EQ(report.relcp_iterations, 1);
  EXPECT_GT(report.max_overlap, 1e-5);
}

// Inertial (corrected eq. 26): bodies thrown at each other; the accepted step is overlap-free.
TEST(RelcpStrategy, InertialStepIsAcceptedOverlapFree) {
  const auto bodies = squeezed_ellipsoids();
  auto store = make_store(MPI_COMM_WORLD, bodies);
  ContactDynamics inertial;
  inertial.inertial = true;
  inertial.density = 1.0;
  ContactResolver resolver(relcp_settings(), inertial);
  for (auto& b : store.owned()) {
    b.velocity = -3.0 * b.pose.position;  // U^k + dt M^-1 F with F = 0
    b.angular_velocity = Vec3(0.0, 0.0, 1.0);
  }
  const double dt = 0.3;
  const ContactStepReport report = resolver.resolve(store, dt);
  EXPECT_GE(report.relcp_iterations, 2);
  EXPECT_FALSE(report.capped);
  for (std::size_t i = 1; i < report.work.size(); ++i) {
    EXPECT_GE(report.work[i], report.work[i - 1] * (1.0 - 1e-6));
  }
  EXPECT_GE(smallest_separation_after(store, bodies, dt), -1e-5 - 1e-9);
}

// Two ellipsoids of paper Fig. 3 just before their glancing contact, run over the same time
// with smaller and smaller steps: the most LCP solves in any step falls to 1.
TEST(RelcpStrategy, IterationsGoToOneAsDtShrinks) {
  const geometry::Ellipsoid shape{Vec3(2.0, 1.0, 1.0)};
  const Quaternion q = about(Vec3::UnitZ(), 45.0);
  const std::vector<particles::Body> bodies{body(0, shape, Vec3(0.5, 1.55, 0.0), q, Vec3(0.0, -1.0, 0.0)),
                                            body(1, shape, Vec3(-0.5, -1.55, 0.0), q, Vec3(0.0, 1.0, 0.0))};
  const double duration = 2.0;
  std::vector<std::int64_t> most;
  for (const double dt : {0.4, 0.1, 0.025, 0.00625}) {
    auto store = make_store(MPI_COMM_WORLD, bodies);
    ContactResolver resolver(relcp_settings(), ContactDynamics{});
    std::int64_t solves = 0;
    const int steps = static_cast<int>(std::lround(duration / dt));
    for (int s = 0; s < steps; ++s) {
      const ContactStepReport report = overdamped_step(store, resolver, dt);
      EXPECT_FALSE(report.capped);
      solves = std::max(solves, report.relcp_iterations);
    }
    most.push_back(solves);
  }
  EXPECT_GT(most.front(), 1) << "the largest step must need a recursion";
  for (std::size_t k = 1; k < most.size(); ++k) EXPECT_LE(most[k], most[k - 1]);
  EXPECT_EQ(most.back(), 1);
}

}  // namespace
}  // namespace relcp::collision
