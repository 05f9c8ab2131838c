// --restart: continuing from a checkpoint reproduces the uninterrupted run bit for bit on the
// same rank count (and here, without contacts, on one rank too), and a restart into the
// interrupted run's own directory leaves the same snapshot and statistics files behind.

#include <gtest/gtest.h>
#include <mpi.h>

#include <algorithm>
#include <bit>
#include <fstream>

#include "core/error.hpp"
#include "core/logging.hpp"
#include "io/hdf5/checkpoint.hpp"
#include "io/hdf5/snapshot_reader.hpp"
#include "io/run/simulation_driver.hpp"
#include "io/scenario/scenario_reader.hpp"
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

Scenario scenario_from(const testing::ScratchDirectory& dir, const std::string& text) {
  const std::string path = dir / "scenario.yaml";
  if (rank_in(MPI_COMM_WORLD) == 0) std::ofstream(path) << text;
  MPI_Barrier(MPI_COMM_WORLD);
  return load_scenario(path);
}

void run(MPI_Comm comm, const Scenario& scenario, const std::string& output,
         std::optional<std::string> restart = std::nullopt) {
  configure_logging("warn", rank_in(MPI_COMM_WORLD));
  SimulationOptions options;
  options.output_directory = output;
  options.restart_from = std::move(restart);
  options.show_progress = false;
  Simulation simulation(comm, scenario, options);
  simulation.run();
}

std::vector<Body> bodies_at(const std::string& h5, std::int64_t step) {
  std::vector<Body> bodies = read_snapshot(h5, step).bodies;
  std::sort(bodies.begin(), bodies.end(), [](const Body& a, const Body& b) { return a.id < b.id; });
  return bodies;
}

std::array<double, particles::kBodyRecordSize> record(const Body& body) {
  std::array<double, particles::kBodyRecordSize> r{};
  particles::pack_body(body, r.data());
  return r;
}

void expect_bitwise_equal(const std::vector<Body>& a, const std::vector<Body>& b) {
  ASSERT_EQ(a.size(), b.size());
  for (std::size_t k = 0; k < a.size(); ++k) {
    const auto ra = record(a[k]);
    const auto rb = record(b[k]);
    for (std::size_t i = 0; i < ra.size(); ++i) {
      ASSERT_EQ(std::bit_cast<std::uint64_t>(ra[i]), std::bit_cast<std::uint64_t>(rb[i]))
          << "body " << a[k].id << " slot " << i;
    }
  }
}

// Same rank count: the restarted run resumes each rank's region and body order, so rows and
// owners of the snapshot are the same too, not only the bodies' states.
void expect_same_rows_and_owners(const std::string& h5_a, const std::string& h5_b, std::int64_t step) {
  const auto a = read_snapshot(h5_a, step);
  const auto b = read_snapshot(h5_b, step);
  ASSERT_EQ(a.bodies.size(), b.bodies.size());
  for (std::size_t k = 0; k < a.bodies.size(); ++k) EXPECT_EQ(a.bodies[k].id, b.bodies[k].id) << "row " << k;
  EXPECT_EQ(a.owner, b.owner);
}

void expect_close(const std::vector<Body>& a, const std::vector<Body>& b, double tolerance) {
  ASSERT_EQ(a.size(), b.size());
  for (std::size_t k = 0; k < a.size(); ++k) {
    const auto ra = record(a[k]);
    const auto rb = record(b[k]);
    for (std::size_t i = 0; i < ra.size(); ++i) {
      ASSERT_NEAR(ra[i], rb[i], tolerance * (1.0 + std::abs(ra[i]))) << "body " << a[k].id << " slot " << i;
    }
  }
}

// The statistics rows without the timing columns (`seconds` and everything after it).
std::vector<std::string> stats_without_seconds(const std::string& path) {
  constexpr int kColumnsBeforeTimings = 8;
  std::ifstream in(path);
  std::vector<std::string> rows;
  for (std::string line; std::getline(in, line);) {
    std::size_t end = 0;
    for (int column = 0; column < kColumnsBeforeTimings && end != std::string::npos; ++column) {
      end = line.find(',', end == 0 ? 0 : end + 1);
    }
    rows.push_back(line.substr(0, end));
  }
  return rows;
}

// Suspension drawn to a centre, torques on some bodies, periodic along x; a growing colony
// (division with random turns, new ids); inertial bodies with initial spin.
const char* kScenarios[] = {
    R"(simulation: {dt: 0.2, steps: 30, seed: 5, output: {snapshot_every: 7, checkpoint_every: 10}}
domain: {lower: [-12, -12, -12], upper: [12, 12, 12], periodic: [true, false, false]}
dynamics: {type: overdamped}
generators:
  - {type: random, count: 150, region: {lower: [-12, -12, -12], upper: [12, 12, 12]},
     body: {shape: ellipsoid, radii: [0.3, 0.4, 0.8]}}
  - {type: random, count: 30, region: {lower: [-12, -12, -12], upper: [12, 12, 12]},
     body: {shape: torus, major_radius: 0.6, minor_radius: 0.1}}
forces:
  - {type: radial, center: [0, 1, 0], sign: -1, scale: 2.0}
  - {type: body, id: 7, force: [3, 0, 0], torque: [0, 0, 2]}
parallel: {partitioner: multijagged, rebalance_every: 3}
)",
    R"(simulation: {dt: 0.08664339756999316, steps: 30, seed: 11, output: {snapshot_every: 5, checkpoint_every: 13}}
dynamics: {type: overdamped}
generators:
  - {type: random, count: 12, region: {lower: [-8, -8, 0], upper: [8, 8, 0.000001]},
     body: {shape: spherocylinder, radius: 0.25, length: 1.5}}
forces:
  - {type: radial, center: [0, 0, 0], sign: -1, scale: 1.0}
growth: {rate: 1.0, divide_at: 4.0, angle_noise_deg: 2.0, monolayer: true}
parallel: {rebalance_every: 4}
)",
    R"(simulation: {dt: 0.05, steps: 25, output: {snapshot_every: 0, checkpoint_every: 9}}
dynamics: {type: inertial, density: 1.5}
generators:
  - {type: random, count: 80, region: {lower: [-10, -10, -10], upper: [10, 10, 10]},
     body: {shape: spherocylinder, radius: 0.2, length: 1.0}}
bodies:
  - {shape: sphere, radius: 1, position: [20, 0, 0], velocity: [-3, 0, 0], angular_velocity: [1, 2, 3]}
forces:
  - {type: constant, force: [0, 0, -1]}
  - {type: body, id: 0, torque: [0, 1, 0]}
)"};

class RestartIdentity : public ::testing::TestWithParam<int> {};

TEST_P(RestartIdentity, ContinuingFromACheckpointMatchesTheUninterruptedRun) {
  const MPI_Comm world = MPI_COMM_WORLD;
  const testing::ScratchDirectory dir(world, "relcp_restart");
  const Scenario scenario = scenario_from(dir, kScenarios[GetParam()]);
  const std::int64_t end = scenario.simulation.steps;
  const std::int64_t every = scenario.simulation.output.checkpoint_every;
  const std::string whole = dir / "whole";
  run(world, scenario, whole);
  const std::string checkpoint = whole + "/checkpoints/" + checkpoint_file_name(every);

  // Restart into a new directory.
  const std::string continued = dir / "continued";
  run(world, scenario, continued, checkpoint);

  // Restart into a copy of the run's directory as it was when it stopped after step 2 every + 1.
  const std::string interrupted = dir / "interrupted";
  if (rank_in(world) == 0) {
    std::filesystem::copy(whole, interrupted, std::filesystem::copy_options::recursive);
  }
  MPI_Barrier(world);
  run(world, scenario, interrupted, checkpoint);

  // The same from one rank alone (another rank count).
  const std::string alone = dir / "alone";
  if (rank_in(world) == 0) run(MPI_COMM_SELF, scenario, alone, checkpoint);
  MPI_Barrier(world);

  if (rank_in(world) == 0) {
    const auto reference = bodies_at(whole + "/relcp.h5", end);
    expect_bitwise_equal(bodies_at(continued + "/relcp.h5", end), reference);
    expect_same_rows_and_owners(continued + "/relcp.h5", whole + "/relcp.h5", end);
    expect_close(bodies_at(alone + "/relcp.h5", end), reference, 1e-12);

    const auto whole_snapshots = list_snapshots(whole + "/relcp.h5");
    const auto restarted_snapshots = list_snapshots(interrupted + "/relcp.h5");
    ASSERT_EQ(restarted_snapshots.size(), whole_snapshots.size());
    for (std::size_t s = 0; s < whole_snapshots.size(); ++s) {
      EXPECT_EQ(restarted_snapshots[s].step, whole_snapshots[s].step);
      expect_bitwise_equal(bodies_at(interrupted + "/relcp.h5", whole_snapshots[s].step),
                           bodies_at(whole + "/relcp.h5", whole_snapshots[s].step));
      expect_same_rows_and_owners(interrupted + "/relcp.h5", whole + "/relcp.h5", whole_snapshots[s].step);
    }
    EXPECT_EQ(stats_without_seconds(interrupted + "/stats.csv"), stats_without_seconds(whole + "/stats.csv"));
    const auto continued_stats = stats_without_seconds(continued + "/stats.csv");
    ASSERT_EQ(continued_stats.size(), static_cast<std::size_t>(end - every + 1));
    EXPECT_EQ(continued_stats.back(), stats_without_seconds(whole + "/stats.csv").back());
  }
  MPI_Barrier(world);
}

INSTANTIATE_TEST_SUITE_P(Scenarios, RestartIdentity, ::testing::Values(0, 1, 2));

// The contact stage's own state between steps: ReLCP's carried rows and auto's switch to a
// Newton solver on a pressurized colony (`auto`), and the forces of the previous step as the
// warm start of the next (`warm_start: previous_step`). A checkpoint keeps each rank's part, so
// that a restart on the same rank count continues bit for bit.
const char* kStatefulScenarios[] = {
    R"(simulation: {dt: 0.01, steps: 60, seed: 17, output: {snapshot_every: 20, checkpoint_every: 37}}
dynamics: {type: overdamped, drag: 1.0}
generators:
  - {type: random, count: 16, region: {lower: [-5, -5, 0], upper: [5, 5, 0.000001]},
     body: {shape: spherocylinder, radius: 0.25, length: 1.5}, min_gap: 0.05}
forces:
  - {type: radial, center: [0, 0, 0], sign: -1, scale: 4.0}
growth: {rate: 1.0, divide_at: 4.0, angle_noise_deg: 0.01, monolayer: true}
collision: {strategy: relcp, solver: auto, relcp_carried_rows: true, tolerance: 1.0e-5, search_buffer: 0.1}
)",
    R"(simulation: {dt: 0.2, steps: 16, seed: 5, output: {snapshot_every: 8, checkpoint_every: 9}}
dynamics: {type: overdamped}
generators:
  - {type: random, count: 40, region: {lower: [-5, -5, -5], upper: [5, 5, 5]},
     body: {shape: ellipsoid, radii: [0.3, 0.4, 0.8]}}
forces:
  - {type: radial, center: [0, 1, 0], sign: -1, scale: 2.0}
collision: {strategy: relcp, solver: bbpgd, warm_start: previous_step, tolerance: 1.0e-5}
)"};

class StatefulRestartIdentity : public ::testing::TestWithParam<int> {};

TEST_P(StatefulRestartIdentity, ContinuingFromACheckpointMatchesTheUninterruptedRun) {
  const MPI_Comm world = MPI_COMM_WORLD;
  const testing::ScratchDirectory dir(world, "relcp_restart");
  const Scenario scenario = scenario_from(dir, kStatefulScenarios[GetParam()]);
  const std::int64_t end = scenario.simulation.steps;
  const std::string whole = dir / "whole";
  run(world, scenario, whole);
  const std::string continued = dir / "continued";
  run(world, scenario, continued,
      whole + "/checkpoints/" + checkpoint_file_name(scenario.simulation.output.checkpoint_every));
  if (rank_in(world) == 0) {
    expect_bitwise_equal(bodies_at(continued + "/relcp.h5", end), bodies_at(whole + "/relcp.h5", end));
    EXPECT_EQ(stats_without_seconds(continued + "/stats.csv").back(),
              stats_without_seconds(whole + "/stats.csv").back());
  }
  MPI_Barrier(world);
}

INSTANTIATE_TEST_SUITE_P(Scenarios, StatefulRestartIdentity, ::testing::Values(0, 1));

TEST(Restart, ACheckpointThatDoesNotFitTheScenarioIsAnInputError) {
  const MPI_Comm world = MPI_COMM_WORLD;
  const testing::ScratchDirectory dir(world, "relcp_restart");
  Scenario scenario = scenario_from(dir, kScenarios[0]);
  run(world, scenario, dir / "whole");
  const std::string checkpoint = dir / "whole/checkpoints/checkpoint_00000020.h5";
  const auto error_of = [&](Scenario changed) {
    try {
      Simulation(world, std::move(changed), SimulationOptions{dir / "other", "--output", checkpoint, false});
    } catch (const InputError& error) {
      return error.key() + ": " + error.message();
    }
    return std::string("no error");
  };
  Scenario other_dt = scenario;
  other_dt.simulation.dt = 0.1;
  EXPECT_NE(error_of(other_dt).find("--restart: "), std::string::npos);
  EXPECT_NE(error_of(other_dt).find("dt"), std::string::npos);
  Scenario shorter = scenario;
  shorter.simulation.steps = 15;
  EXPECT_NE(error_of(shorter).find("after the scenario's last step 15"), std::string::npos);
  Scenario growing = scenario;
  growing.growth = dynamics::GrowthOptions{1.0, 4.0, 0.0, false, 0};
  EXPECT_NE(error_of(growing).find("without growth"), std::string::npos);
  EXPECT_FALSE(std::filesystem::exists(dir / "other"));
  // A longer run may continue from it.
  Scenario longer = scenario;
  longer.simulation.steps = 40;
  EXPECT_EQ(error_of(longer), "no error");
}

}  // namespace
}  // namespace relcp::io
