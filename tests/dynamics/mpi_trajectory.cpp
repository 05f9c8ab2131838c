// Trajectories must not depend on the number of ranks or threads: each scenario runs
// distributed over MPI_COMM_WORLD with two OpenMP threads per rank and, as the reference, on
// MPI_COMM_SELF with one thread; the final states must agree bit for bit (run on 1-4 ranks,
// every rank count is thus compared with the serial run).
#include <gtest/gtest.h>
#include <mpi.h>
#include <omp.h>

#include <memory>
#include <numbers>

#include "dynamics/body_force.hpp"
#include "dynamics/cell_growth.hpp"
#include "dynamics/constant_force.hpp"
#include "dynamics/inertial_integrator.hpp"
#include "dynamics/overdamped_integrator.hpp"
#include "dynamics/radial_force.hpp"
#include "particles/neighbour_search.hpp"
#include "particles/particle_store.hpp"
#include "particles/random_placement.hpp"
#include "support/gathered_bodies.hpp"

namespace relcp::dynamics {
namespace {

using particles::Body;

struct Scenario {
  particles::Domain domain;
  std::vector<Body> bodies;
  ForceFields fields;
  std::unique_ptr<OverdampedIntegrator> overdamped;
  std::unique_ptr<InertialIntegrator> inertial;
  std::unique_ptr<GrowthOptions> growth;
  particles::PartitionMethod method = particles::PartitionMethod::rcb;
  int steps = 30;
  double dt = 0.05;
  int rebalance_every = 7;
  double search_buffer = 0.3;
};

struct Outcome {
  std::vector<Body> bodies;            // all bodies, sorted by id
  std::vector<long long> pair_counts;  // global candidate pairs after every step
};

Outcome run(MPI_Comm comm, Scenario& scenario) {
  particles::ParticleStore store(comm, scenario.domain);
  store.distribute_from_all(scenario.bodies);
  const particles::Partitioner partitioner(scenario.method);
  store.rebalance(partitioner);
  std::unique_ptr<CellGrowth> growth;
  if (scenario.growth) growth = std::make_unique<CellGrowth>(*scenario.growth);
  Outcome outcome;
  for (int step = 1; step <= scenario.steps; ++step) {
    if (growth) {
      growth->grow(store.owned(), scenario.dt);
      growth->divide(store);
    }
    apply_force_fields(scenario.fields, store.owned());
    if (scenario.overdamped) scenario.overdamped->step(store.owned(), scenario.dt);
    if (scenario.inertial) scenario.inertial->step(store.owned(), scenario.dt);
    if (step % scenario.rebalance_every == 0) {
      store.rebalance(partitioner);
    } else {
      store.migrate();
    }
    store.exchange_ghosts(scenario.search_buffer);
    long long pairs = static_cast<long long>(particles::find_candidate_pairs(store, scenario.search_buffer).size());
    MPI_Allreduce(MPI_IN_PLACE, &pairs, 1, MPI_LONG_LONG, MPI_SUM, comm);
    outcome.pair_counts.push_back(pairs);
  }
  outcome.bodies = particles::testing::gather_all_bodies(comm, store.owned());
  return outcome;
}

void expect_same_on_any_rank_count(Scenario& scenario) {
  omp_set_num_threads(2);
  const Outcome distributed = run(MPI_COMM_WORLD, scenario);
  omp_set_num_threads(1);
  const Outcome serial = run(MPI_COMM_SELF, scenario);
  EXPECT_EQ(distributed.pair_counts, serial.pair_counts);
  ASSERT_EQ(distributed.bodies.size(), serial.bodies.size());
  for (std::size_t k = 0; k < serial.bodies.size(); ++k) {
    ASSERT_TRUE(particles::testing::identical(distributed.bodies[k], serial.bodies[k]))
        << "body " << serial.bodies[k].id;
  }
}

std::vector<Body> random_bodies(std::int64_t count, const geometry::Shape& shape, double side,
                                const particles::Domain& domain) {
  particles::RandomPlacement placement;
  placement.count = count;
  placement.lower = Vec3::Constant(-side / 2);
  placement.upper = Vec3::Constant(side / 2);
  placement.shape = shape;
  placement.seed = 99;
  return particles::place_random_bodies(placement, domain);
}

TEST(Trajectory, OverdampedSuspensionUnderRadialAndBodyForcesIsRankCountIndependent) {
  Scenario scenario;
  scenario.bodies = random_bodies(700, geometry::Ellipsoid{Vec3(0.5, 0.5, 1.0)}, 30.0, scenario.domain);
  scenario.fields.push_back(std::make_unique<RadialForce>(Vec3(1, 0, 0), 2.0, -1.0));
  scenario.fields.push_back(std::make_unique<ConstantForce>(Vec3(0, 0, -0.3)));
  scenario.fields.push_back(std::make_unique<BodyForce>(
      std::vector<BodyLoad>{BodyLoad{3, Vec3(5, 0, 0), Vec3(0, 0, 4)}, BodyLoad{500, Vec3(0, -5, 0), Vec3(1, 1, 0)}}));
  scenario.overdamped = std::make_unique<OverdampedIntegrator>(LocalDragMobility(1.0));
  scenario.dt = 0.5;  // strong compaction: bodies cross regions
  scenario.method = particles::PartitionMethod::multijagged;
  expect_same_on_any_rank_count(scenario);
}

TEST(Trajectory, InertialBodiesInAPeriodicBoxAreRankCountIndependent) {
  Scenario scenario;
  scenario.domain.lower = Vec3::Constant(-12);
  scenario.domain.upper = Vec3::Constant(12);
  scenario.domain.periodic = {true, true, false};
  scenario.bodies = random_bodies(600, geometry::Spherocylinder{0.2, 1.0}, 24.0, scenario.domain);
  for (Body& body : scenario.bodies) {
    body.velocity = Vec3(std::sin(body.id * 0.7), std::cos(body.id * 1.3), 0.1) * 6.0;
    body.angular_velocity = Vec3(0.5, -1.0, 2.0);
  }
  scenario.fields.push_back(std::make_unique<ConstantForce>(Vec3(0.5, 0.2, 0)));
  scenario.fields.push_back(
      std::make_unique<BodyForce>(std::vector<BodyLoad>{BodyLoad{10, Vec3::Zero(), Vec3(0, 0, 3)}}));
  scenario.inertial = std::make_unique<InertialIntegrator>(2.0);
  expect_same_on_any_rank_count(scenario);
}

TEST(Trajectory, GrowingDividingMonolayerColonyIsRankCountIndependent) {
  Scenario scenario;
  for (int k = 0; k < 12; ++k) {
    Body cell;
    cell.id = k;
    cell.shape = geometry::Spherocylinder{0.25, 1.5 + 0.1 * k};
    cell.pose.position = Vec3(3.0 * (k % 4), 3.0 * (k / 4), 0.0);
    cell.pose.orientation =
        Quaternion(Eigen::AngleAxisd(0.3 * k, Vec3::UnitZ()) * Eigen::AngleAxisd(std::numbers::pi / 2, Vec3::UnitX()));
    scenario.bodies.push_back(cell);
  }
  scenario.fields.push_back(std::make_unique<RadialForce>(Vec3(4, 3, 0), 1.0, -1.0));
  scenario.overdamped = std::make_unique<OverdampedIntegrator>(LocalDragMobility(1.0), true);
  scenario.growth = std::make_unique<GrowthOptions>(GrowthOptions{1.0, 4.0, 0.01, true, 5});
  scenario.dt = std::numbers::ln2 / 10;
  scenario.steps = 45;  // ~4.5 generations: 12 cells become ~250
  expect_same_on_any_rank_count(scenario);
}

}  // namespace
}  // namespace relcp::dynamics
