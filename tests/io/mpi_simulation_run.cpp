// Whole runs of the driver: the files it writes (snapshots at the due steps, XDMF over them,
// one statistics row per step, checkpoints) and trajectories that match closed forms.

#include <gtest/gtest.h>
#include <mpi.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <numbers>

#include "collision/device/cuda_backend.hpp"
#include "collision/device/device_contact_operator.hpp"
#include "core/error.hpp"
#include "core/logging.hpp"
#include "dynamics/local_drag_mobility.hpp"
#include "dynamics/mass_properties.hpp"
#include "io/hdf5/snapshot_reader.hpp"
#include "io/run/simulation_driver.hpp"
#include "io/scenario/scenario_reader.hpp"
#include "mpi_scratch_directory.hpp"

namespace relcp::io {
namespace {

int rank_in(MPI_Comm comm) {
  int rank = 0;
  MPI_Comm_rank(comm, &rank);
  return rank;
}

// Writes the scenario text on rank 0 and reads it on every rank.
Scenario scenario_from(const testing::ScratchDirectory& dir, const std::string& text) {
  const std::string path = dir / "scenario.yaml";
  if (rank_in(MPI_COMM_WORLD) == 0) std::ofstream(path) << text;
  MPI_Barrier(MPI_COMM_WORLD);
  return load_scenario(path);
}

void run(const testing::ScratchDirectory& dir, Scenario scenario) {
  configure_logging("warn", rank_in(MPI_COMM_WORLD));
  SimulationOptions options;
  options.output_directory = dir / "out";
  options.show_progress = false;
  Simulation simulation(MPI_COMM_WORLD, std::move(scenario), options);
  simulation.run();
}

std::vector<particles::Body> sorted_by_id(std::vector<particles::Body> bodies) {
  std::sort(bodies.begin(), bodies.end(), [](const auto& a, const auto& b) { return a.id < b.id; });
  return bodies;
}

std::vector<std::string> lines_of(const std::string& path) {
  std::ifstream in(path);
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

const char* kDriftingSuspension = R"(simulation:
  dt: 0.05
  steps: 12
  output: {snapshot_every: 5, checkpoint_every: 6}
dynamics: {type: overdamped, drag: 2.0}
generators:
  - {type: random, count: 60, region: {lower: [-10, -10, -10], upper: [10, 10, 10]},
     body: {shape: ellipsoid, radii: [0.5, 0.5, 1.0]}}
bodies:
  - {shape: sphere, radius: 0.5, position: [30, 0, 0]}
forces:
  - {type: constant, force: [0.5, -1.0, 2.0]}
parallel: {rebalance_every: 4}
)";

TEST(SimulationRun, WritesSnapshotsXdmfStatisticsAndCheckpointsWhenDue) {
  const testing::ScratchDirectory dir(MPI_COMM_WORLD, "relcp_run");
  run(dir, scenario_from(dir, kDriftingSuspension));
  if (rank_in(MPI_COMM_WORLD) == 0) {
    const std::vector<SnapshotInfo> snapshots = list_snapshots(dir / "out/relcp.h5");
    std::vector<std::int64_t> steps;
    for (const SnapshotInfo& s : snapshots) steps.push_back(s.step);
    EXPECT_EQ(steps, (std::vector<std::int64_t>{0, 5, 10, 12}));  // every 5, and the last
    for (const SnapshotInfo& s : snapshots) {
      EXPECT_EQ(s.bodies, 61);
      EXPECT_DOUBLE_EQ(s.time, 0.05 * static_cast<double>(s.step));
    }
    const auto xdmf = lines_of(dir / "out/relcp.xmf");
    EXPECT_EQ(std::count_if(xdmf.begin(), xdmf.end(),
                            [](const std::string& l) { return l.find("<Grid Name=\"step ") != std::string::npos; }),
              4);
    const auto stats = lines_of(dir / "out/stats.csv");
    ASSERT_EQ(stats.size(), 13u);  // header and steps 1..12
    EXPECT_EQ(stats[0].rfind("step,time,bodies,constraints,relcp_iterations,solver_iterations,max_overlap,"
                             "max_model_overlap,seconds",
                             0),
              0u);
    EXPECT_EQ(stats[12].rfind("12,0.60000000000000009,61,0,0,0,0,0,", 0), 0u) << stats[12];
    EXPECT_TRUE(std::filesystem::exists(dir / "out/checkpoints/checkpoint_00000006.h5"));
    EXPECT_TRUE(std::filesystem::exists(dir / "out/checkpoints/checkpoint_00000012.h5"));
    EXPECT_EQ(std::distance(std::filesystem::directory_iterator(dir.path() / "out/checkpoints"),
                            std::filesystem::directory_iterator{}),
              2);
  }
  MPI_Barrier(MPI_COMM_WORLD);
}

TEST(SimulationRun, OverdampedBodiesDriftWithTheirMobility) {
  const testing::ScratchDirectory dir(MPI_COMM_WORLD, "relcp_run");
  run(dir, scenario_from(dir, kDriftingSuspension));
  if (rank_in(MPI_COMM_WORLD) == 0) {
    const auto start = sorted_by_id(read_snapshot(dir / "out/relcp.h5", 0).bodies);
    const auto end = sorted_by_id(read_snapshot(dir / "out/relcp.h5", 12).bodies);
    ASSERT_EQ(start.size(), end.size());
    const dynamics::LocalDragMobility mobility(2.0);
    const Vec3 force(0.5, -1.0, 2.0);
    for (std::size_t k = 0; k < start.size(); ++k) {
      ASSERT_EQ(start[k].id, end[k].id);
      const Vec3 expected = start[k].pose.position + 0.6 * mobility.translational(start[k].shape) * force;
      EXPECT_LT((end[k].pose.position - expected).norm(), 1e-12) << start[k].id;
      EXPECT_LT((end[k].velocity - mobility.translational(start[k].shape) * force).norm(), 1e-14);
      EXPECT_EQ(end[k].force, force);
      EXPECT_TRUE(end[k].pose.orientation.isApprox(start[k].pose.orientation, 1e-14));
    }
  }
  MPI_Barrier(MPI_COMM_WORLD);
}

TEST(SimulationRun, InertialBodiesFollowSemiImplicitEuler) {
  const testing::ScratchDirectory dir(MPI_COMM_WORLD, "relcp_run");
  run(dir, scenario_from(dir, R"(simulation: {dt: 0.1, steps: 20}
dynamics: {type: inertial, density: 3.0}
bodies:
  - {shape: sphere, radius: 0.5, position: [0, 0, 0], velocity: [1, 0, 0]}
  - {shape: spherocylinder, radius: 0.5, length: 2.0, position: [5, 5, 5], velocity: [0, -1, 0]}
forces:
  - {type: constant, force: [0, 0, -2]}
)"));
  if (rank_in(MPI_COMM_WORLD) == 0) {
    const auto start = sorted_by_id(read_snapshot(dir / "out/relcp.h5", 0).bodies);
    const auto end = sorted_by_id(read_snapshot(dir / "out/relcp.h5", 20).bodies);
    for (std::size_t k = 0; k < 2; ++k) {
      const Vec3 acceleration = Vec3(0, 0, -2) / dynamics::mass_of(start[k].shape, 3.0);
      // v_n = v_0 + n dt a; x_n = x_0 + n dt v_0 + dt^2 a n (n + 1) / 2.
      const double n = 20;
      const double dt = 0.1;
      const Vec3 x = start[k].pose.position + n * dt * start[k].velocity + dt * dt * acceleration * n * (n + 1) / 2;
      EXPECT_LT((end[k].pose.position - x).norm(), 1e-12);
      EXPECT_LT((end[k].velocity - (start[k].velocity + n * dt * acceleration)).norm(), 1e-12);
    }
  }
  MPI_Barrier(MPI_COMM_WORLD);
}

TEST(SimulationRun, AGrowingColonyDoublesEveryGeneration) {
  const testing::ScratchDirectory dir(MPI_COMM_WORLD, "relcp_run");
  // dl/dt = l: a rod of tip-to-tip length 2 reaches 4 after ln 2; 8 steps per generation.
  Scenario scenario = scenario_from(dir, R"(simulation: {dt: 0.1, steps: 24, seed: 3}
dynamics: {type: overdamped}
bodies:
  - {shape: spherocylinder, radius: 0.25, length: 1.5, position: [0, 0, 0], orientation: [0.7071067811865476, 0.7071067811865476, 0, 0]}
  - {shape: spherocylinder, radius: 0.25, length: 1.5, position: [20, 0, 0], orientation: [0.7071067811865476, 0.7071067811865476, 0, 0]}
growth: {rate: 1.0, divide_at: 4.0, angle_noise_deg: 0.5, monolayer: true}
parallel: {rebalance_every: 1}
)");
  scenario.simulation.dt = std::numbers::ln2 / 8;
  run(dir, std::move(scenario));
  if (rank_in(MPI_COMM_WORLD) == 0) {
    const auto cells = sorted_by_id(read_snapshot(dir / "out/relcp.h5", 24).bodies);
    ASSERT_EQ(cells.size(), 16u);  // 2 founders, 3 generations
    for (std::size_t k = 0; k < cells.size(); ++k) {
      EXPECT_EQ(cells[k].id, static_cast<GlobalId>(k));
      EXPECT_EQ(cells[k].pose.position.z(), 0.0);
    }
    const auto stats = lines_of(dir / "out/stats.csv");
    EXPECT_EQ(stats[8].rfind("8,", 0), 0u);
    EXPECT_NE(stats[8].find(",4,0,0,0,0,"), std::string::npos) << stats[8];
  }
  MPI_Barrier(MPI_COMM_WORLD);
}

// Separations on a GPU that is not there: refused on every rank before anything is written
// (a run with the solve on the CPU meets the device only at its first contact step otherwise).
TEST(SimulationRun, SeparationsOnAMissingDeviceAreRefusedBeforeAnyOutput) {
  const char* reason = "";
  int devices = collision::device::visible_device_count(&reason);
  MPI_Allreduce(MPI_IN_PLACE, &devices, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
  if (devices > 0) GTEST_SKIP() << "a CUDA device is present";
  if (!collision::cuda_backend_built()) GTEST_SKIP() << "a build without CUDA refuses the key itself";
  const testing::ScratchDirectory dir(MPI_COMM_WORLD, "relcp_sim_no_device");
  Scenario scenario =
      scenario_from(dir, std::string(kDriftingSuspension) + "collision: {strategy: relcp, detection_backend: cuda}\n");
  ASSERT_EQ(scenario.collision.contact.detection_backend, collision::ComputeBackend::cuda);
  ASSERT_EQ(scenario.collision.contact.pair_search_backend, collision::ComputeBackend::cuda);  // follows it
  ASSERT_EQ(scenario.collision.contact.solver.backend, collision::ComputeBackend::cpu);
  EXPECT_THROW(run(dir, std::move(scenario)), RunTimeFailure);
  MPI_Barrier(MPI_COMM_WORLD);
  EXPECT_FALSE(std::filesystem::exists(dir / "out"));
}

// The same for the pair search alone on a missing GPU.
TEST(SimulationRun, PairSearchOnAMissingDeviceIsRefusedBeforeAnyOutput) {
  const char* reason = "";
  int devices = collision::device::visible_device_count(&reason);
  MPI_Allreduce(MPI_IN_PLACE, &devices, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
  if (devices > 0) GTEST_SKIP() << "a CUDA device is present";
  if (!collision::cuda_backend_built()) GTEST_SKIP() << "a build without CUDA refuses the key itself";
  const testing::ScratchDirectory dir(MPI_COMM_WORLD, "relcp_sim_no_device_pairs");
  Scenario scenario = scenario_from(
      dir, std::string(kDriftingSuspension) + "collision: {strategy: relcp, pair_search_backend: cuda}\n");
  ASSERT_EQ(scenario.collision.contact.pair_search_backend, collision::ComputeBackend::cuda);
  ASSERT_EQ(scenario.collision.contact.detection_backend, collision::ComputeBackend::cpu);
  EXPECT_THROW(run(dir, std::move(scenario)), RunTimeFailure);
  MPI_Barrier(MPI_COMM_WORLD);
  EXPECT_FALSE(std::filesystem::exists(dir / "out"));
}

}  // namespace
}  // namespace relcp::io
