// Faults in a run (docs/robustness.md, "I/O failures", "Batch jobs", "Bad state"): a failure on
// one rank makes every rank throw the same error, a failed snapshot or checkpoint write leaves
// the files as they were before it (readable, nothing partial, no temporary file), a failed
// checkpoint read stops every rank alike; a run stops early with a checkpoint on a signal or its
// wall-time budget, and at the first body in a bad state with a diagnostic snapshot.

#include <gtest/gtest.h>
#include <mpi.h>

#include <csignal>
#include <filesystem>
#include <fstream>

#include "core/error.hpp"
#include "core/logging.hpp"
#include "io/faults/collective_agreement.hpp"
#include "io/faults/fault_injection.hpp"
#include "io/hdf5/checkpoint.hpp"
#include "io/hdf5/snapshot_file.hpp"
#include "io/hdf5/snapshot_reader.hpp"
#include "io/run/early_stop.hpp"
#include "io/run/simulation_driver.hpp"
#include "io/scenario/scenario_reader.hpp"
#include "mpi_scratch_directory.hpp"
#include "mpi_ranks.hpp"

namespace relcp::io {
namespace {

using particles::Body;

using relcp::testing::rank_in;
using relcp::testing::size_of;

// Runs `f`, expecting AgreedFailure; returns its message ("" when nothing was thrown).
template <class F>
std::string agreed_failure_of(F&& f) {
  try {
    f();
  } catch (const AgreedFailure& error) {
    return error.what();
  }
  return "";
}

std::vector<Body> spheres_of_rank(int rank, int count) {
  std::vector<Body> bodies;
  for (int k = 0; k < count; ++k) {
    Body b;
    b.id = 100 * rank + k;
    b.shape = geometry::Sphere{0.5};
    b.pose.position = Vec3(rank, k, 0.5);
    bodies.push_back(b);
  }
  return bodies;
}

// Clears injected faults however a test ends.
struct NoFaultsAfter {
  ~NoFaultsAfter() { configure_fault_injection(""); }
};

TEST(AgreementOnFailure, EveryRankThrowsTheFailureOfTheFailingRank) {
  const int last = size_of(MPI_COMM_WORLD) - 1;
  const std::string message = agreed_failure_of([&] {
    on_all_ranks(MPI_COMM_WORLD, [&] {
      if (rank_in(MPI_COMM_WORLD) == last) throw RunTimeFailure("cannot write x.h5: No space left on device");
    });
  });
  EXPECT_NE(message.find("cannot write x.h5: No space left on device"), std::string::npos) << message;
  if (last > 0) EXPECT_EQ(message.rfind("rank " + std::to_string(last) + ": ", 0), 0u) << message;
}

TEST(AgreementOnFailure, NothingIsThrownWhenNoRankFails) {
  EXPECT_NO_THROW(on_all_ranks(MPI_COMM_WORLD, [] {}));
  EXPECT_FALSE(first_failure_on_any_rank(MPI_COMM_WORLD, std::nullopt).has_value());
}

TEST(AgreementOnFailure, BadInputOnOneRankIsBadInputOnEveryRank) {
  const int last = size_of(MPI_COMM_WORLD) - 1;
  try {
    on_all_ranks(MPI_COMM_WORLD, [&] {
      if (rank_in(MPI_COMM_WORLD) == last) throw InputError("--restart", "c.h5: not a relcp checkpoint");
    });
    ADD_FAILURE() << "no error";
  } catch (const InputError& error) {
    EXPECT_EQ(error.key(), "--restart");
    EXPECT_EQ(error.message(), "c.h5: not a relcp checkpoint");
  }
}

TEST(AgreementOnFailure, WithFailureContextNamesWhatWasBeingDone) {
  bool cleaned = false;
  const std::string message = agreed_failure_of([&] {
    with_failure_context(
        "cannot write checkpoint c.h5", [&] { on_all_ranks(MPI_COMM_WORLD, [] { throw RunTimeFailure("EIO"); }); },
        [&] { cleaned = true; });
  });
  EXPECT_EQ(message.rfind("cannot write checkpoint c.h5: ", 0), 0u) << message;
  EXPECT_TRUE(cleaned);
}

// The third write of the last rank fails in every second snapshot: every rank throws, the file
// keeps the earlier snapshots readable, has no partial one, and takes later snapshots.
TEST(SnapshotWriteFailure, LeavesTheEarlierSnapshotsAndTakesLaterOnes) {
  const NoFaultsAfter reset;
  const testing::ScratchDirectory dir(MPI_COMM_WORLD, "relcp_io_failures");
  const std::string path = dir / "relcp.h5";
  const int rank = rank_in(MPI_COMM_WORLD);
  const int last = size_of(MPI_COMM_WORLD) - 1;
  const std::vector<Body> owned = spheres_of_rank(rank, 3);
  create_snapshot_file(MPI_COMM_WORLD, path);
  write_snapshot(MPI_COMM_WORLD, path, 0, 0.0, owned);

  configure_fault_injection("write:" + std::to_string(last) + ":3");
  const std::string message = agreed_failure_of([&] { write_snapshot(MPI_COMM_WORLD, path, 10, 1.0, owned); });
  configure_fault_injection("");
  EXPECT_NE(message.find("cannot write the snapshot of step 10 to " + path), std::string::npos) << message;
  EXPECT_NE(message.find("injected fault"), std::string::npos) << message;

  if (rank == 0) {
    EXPECT_EQ(read_snapshot(path, 0).bodies.size(), 3u * static_cast<std::size_t>(last + 1));
    EXPECT_THROW(read_snapshot(path, 10), RunTimeFailure);
  }
  MPI_Barrier(MPI_COMM_WORLD);
  const std::vector<SnapshotInfo> kept = keep_snapshots_through(MPI_COMM_WORLD, path, 100);
  ASSERT_EQ(kept.size(), 1u);
  EXPECT_EQ(kept[0].step, 0);
  write_snapshot(MPI_COMM_WORLD, path, 20, 2.0, owned);
  if (rank == 0) EXPECT_EQ(read_snapshot(path, 20).bodies.size(), 3u * static_cast<std::size_t>(last + 1));
}

CheckpointState state_at(std::int64_t step, int rank) {
  CheckpointState state;
  state.step = step;
  state.time = 0.1 * static_cast<double>(step);
  state.dt = 0.1;
  state.next_free_id = 1000;
  state.num_ranks = size_of(MPI_COMM_WORLD);
  state.bodies = spheres_of_rank(rank, 2);
  return state;
}

TEST(CheckpointWriteFailure, LeavesNeitherTheFileNorItsTemporaryAndKeepsTheLastOne) {
  const NoFaultsAfter reset;
  const testing::ScratchDirectory dir(MPI_COMM_WORLD, "relcp_io_failures");
  const int rank = rank_in(MPI_COMM_WORLD);
  const int last = size_of(MPI_COMM_WORLD) - 1;
  const std::string good = dir / checkpoint_file_name(5);
  const std::string failed = dir / checkpoint_file_name(10);
  write_checkpoint(MPI_COMM_WORLD, good, state_at(5, rank));

  for (int k = 1; k <= 3; ++k) {  // the body rows, the owner rows, the region rows
    configure_fault_injection("write:" + std::to_string(last) + ":" + std::to_string(k));
    const std::string message =
        agreed_failure_of([&] { write_checkpoint(MPI_COMM_WORLD, failed, state_at(10, rank)); });
    configure_fault_injection("");
    EXPECT_EQ(message.rfind("cannot write checkpoint " + failed + ": ", 0), 0u) << message;
    MPI_Barrier(MPI_COMM_WORLD);
    EXPECT_FALSE(std::filesystem::exists(failed));
    EXPECT_FALSE(std::filesystem::exists(failed + ".tmp"));
  }
  const CheckpointState read = read_checkpoint(MPI_COMM_WORLD, good);
  EXPECT_EQ(read.step, 5);
  EXPECT_EQ(read.bodies.size(), 2u);
}

TEST(CheckpointReadFailure, StopsEveryRankWithTheFileAndTheReason) {
  const NoFaultsAfter reset;
  const testing::ScratchDirectory dir(MPI_COMM_WORLD, "relcp_io_failures");
  const std::string path = dir / checkpoint_file_name(5);
  write_checkpoint(MPI_COMM_WORLD, path, state_at(5, rank_in(MPI_COMM_WORLD)));
  configure_fault_injection("read:" + std::to_string(size_of(MPI_COMM_WORLD) - 1) + ":2");
  try {
    read_checkpoint(MPI_COMM_WORLD, path);
    ADD_FAILURE() << "no error";
  } catch (const InputError& error) {
    EXPECT_NE(error.message().find(path), std::string::npos) << error.message();
    EXPECT_NE(error.message().find("injected fault"), std::string::npos) << error.message();
  }
}

Scenario scenario_from(const testing::ScratchDirectory& dir, const std::string& text) {
  const std::string path = dir / "scenario.yaml";
  if (rank_in(MPI_COMM_WORLD) == 0) std::ofstream(path) << text;
  MPI_Barrier(MPI_COMM_WORLD);
  return load_scenario(path);
}

const char* kSuspension = R"(simulation: {dt: 0.1, steps: 12, output: {snapshot_every: 4, checkpoint_every: 5}}
dynamics: {type: overdamped}
generators:
  - {type: random, count: 40, region: {lower: [-6, -6, -6], upper: [6, 6, 6]},
     body: {shape: ellipsoid, radii: [0.3, 0.4, 0.8]}}
forces:
  - {type: radial, center: [0, 0, 0], sign: -1, scale: 1.0}
)";

SimulationOptions options_for(const std::string& output) {
  SimulationOptions options;
  options.output_directory = output;
  options.show_progress = false;
  return options;
}

TEST(EarlyStop, AnExhaustedWallTimeBudgetStopsAfterOneStepWithItsCheckpoint) {
  configure_logging("error", rank_in(MPI_COMM_WORLD));
  const testing::ScratchDirectory dir(MPI_COMM_WORLD, "relcp_io_failures");
  SimulationOptions options = options_for(dir / "out");
  options.max_wall_seconds = 1e-6;
  Simulation simulation(MPI_COMM_WORLD, scenario_from(dir, kSuspension), options);
  EXPECT_EQ(simulation.run(), RunEnd::stopped_early);
  EXPECT_EQ(simulation.step(), 1);
  EXPECT_TRUE(std::filesystem::exists(dir / ("out/checkpoints/" + checkpoint_file_name(1))));
}

TEST(EarlyStop, ASignalOnRankZeroStopsEveryRankAfterTheStep) {
  configure_logging("error", rank_in(MPI_COMM_WORLD));
  const testing::ScratchDirectory dir(MPI_COMM_WORLD, "relcp_io_failures");
  install_early_stop_signal_handlers();
  if (rank_in(MPI_COMM_WORLD) == 0) std::raise(SIGUSR1);
  Simulation simulation(MPI_COMM_WORLD, scenario_from(dir, kSuspension), options_for(dir / "out"));
  EXPECT_EQ(simulation.run(), RunEnd::stopped_early);
  forget_stop_signal();
  std::signal(SIGUSR1, SIG_DFL);
  EXPECT_EQ(simulation.step(), 1);
  EXPECT_TRUE(std::filesystem::exists(dir / ("out/checkpoints/" + checkpoint_file_name(1))));
}

TEST(EarlyStop, WithoutSignalOrBudgetTheRunCompletes) {
  configure_logging("error", rank_in(MPI_COMM_WORLD));
  const testing::ScratchDirectory dir(MPI_COMM_WORLD, "relcp_io_failures");
  Simulation simulation(MPI_COMM_WORLD, scenario_from(dir, kSuspension), options_for(dir / "out"));
  EXPECT_EQ(simulation.run(), RunEnd::completed);
  EXPECT_EQ(simulation.step(), 12);
}

// A force of 1e100 pushes body 1 past the largest position within about ten steps.
TEST(BadState, StopsAtTheStepNamingTheBodyWithADiagnosticSnapshot) {
  configure_logging("error", rank_in(MPI_COMM_WORLD));
  const testing::ScratchDirectory dir(MPI_COMM_WORLD, "relcp_io_failures");
  const Scenario scenario = scenario_from(dir, R"(simulation: {dt: 0.1, steps: 40, output: {checkpoint_every: 5}}
dynamics: {type: overdamped}
bodies:
  - {shape: sphere, radius: 1.0, position: [0, 0, 0]}
  - {shape: sphere, radius: 1.0, position: [5, 0, 0]}
forces:
  - {type: body, id: 1, force: [1e100, 0, 0], torque: [0, 0, 0]}
)");
  Simulation simulation(MPI_COMM_WORLD, scenario, options_for(dir / "out"));
  const std::string message = agreed_failure_of([&] { simulation.run(); });
  const std::string step = std::to_string(simulation.step());
  EXPECT_NE(message.find("bad state at step " + step), std::string::npos) << message;
  EXPECT_NE(message.find("body 1: left the domain"), std::string::npos) << message;
  const std::string diagnostic = dir / ("out/checkpoints/diagnostic_000000" + step + ".h5");
  EXPECT_NE(message.find(diagnostic), std::string::npos) << message;
  EXPECT_NE(message.find("the last good checkpoint is " + dir / "out/checkpoints/checkpoint_00000020.h5"),
            std::string::npos)
      << message;
  if (rank_in(MPI_COMM_WORLD) == 0) {
    EXPECT_EQ(read_snapshot(diagnostic, simulation.step()).bodies.size(), 2u);
  }
  MPI_Barrier(MPI_COMM_WORLD);
}

}  // namespace
}  // namespace relcp::io
