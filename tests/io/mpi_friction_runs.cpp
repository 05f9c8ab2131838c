// Coulomb friction in whole runs (docs/friction.md): bodies released on a 30-degree incline under
// gravity against the closed forms of rigid-body mechanics, with the exact (coulomb) and the
// relaxed (ccp) formulation, on any number of ranks; rolling and spinning resistance on a level
// floor against theirs.

#include <gtest/gtest.h>
#include <mpi.h>

#include <cmath>
#include <algorithm>
#include <fstream>
#include <map>
#include <sstream>
#include <string>

#include "core/logging.hpp"
#include "io/hdf5/snapshot_reader.hpp"
#include "io/run/simulation_driver.hpp"
#include "io/scenario/scenario_reader.hpp"
#include "mpi_scratch_directory.hpp"

namespace relcp::io {
namespace {

constexpr double kGravity = 9.81;
constexpr double kSlope = 30.0 * 3.14159265358979323846 / 180.0;
constexpr double kEndTime = 0.5;

const Vec3 kNormal(std::sin(kSlope), 0.0, std::cos(kSlope));     // out of the incline
const Vec3 kDownhill(std::cos(kSlope), 0.0, -std::sin(kSlope));  // along it, downwards

int rank_in(MPI_Comm comm) {
  int rank = 0;
  MPI_Comm_rank(comm, &rank);
  return rank;
}

std::string vec(const Vec3& v) {
  std::ostringstream out;
  out.precision(17);
  out << '[' << v[0] << ", " << v[1] << ", " << v[2] << ']';
  return out.str();
}

// One body touching the incline through the origin at t = 0, from rest.
std::string incline_scenario(const std::string& body, double mu, const std::string& model) {
  std::ostringstream text;
  text << "simulation:\n  dt: 0.001\n  end_time: " << kEndTime
       << "\n  output: {snapshot_every: 100000, checkpoint_every: 0}\n"
       << "dynamics: {type: inertial, density: 1.0}\n"
       << "bodies:\n  - " << body << "\n"
       << "forces:\n  - {type: gravity, acceleration: [0, 0, " << -kGravity << "]}\n"
       << "walls:\n  - {point: [0, 0, 0], normal: " << vec(kNormal) << "}\n"
       << "collision: {strategy: relcp, solver: apgd, tolerance: 1.0e-6, friction: " << mu
       << ", friction_model: " << model << "}\n";
  return text.str();
}

std::string sphere() { return "{shape: sphere, radius: 1.0, position: " + vec(kNormal) + "}"; }

// An oblate ellipsoid (radii 1, 1, 0.1) lying flat: its short axis along the incline's normal.
std::string flat_ellipsoid() {
  const double half = kSlope / 2.0;
  std::ostringstream out;
  out.precision(17);
  out << "{shape: ellipsoid, radii: [1.0, 1.0, 0.1], position: " << vec(0.1 * kNormal) << ", orientation: ["
      << std::cos(half) << ", 0, " << std::sin(half) << ", 0]}";
  return out.str();
}

struct Outcome {
  double distance = 0.0;   // travelled down the incline
  double speed = 0.0;      // down the incline at the end
  double spin = 0.0;       // angular velocity about the incline's cross-slope axis (y)
  long long sticking = 0;  // the last step's sticking contacts
  long long sliding = 0;
};

// Runs the scenario on `comm`; returns the last snapshot on its rank 0.
Snapshot run_scenario(MPI_Comm comm, const testing::ScratchDirectory& dir, const std::string& text) {
  const std::string path = dir / "scenario.yaml";
  if (rank_in(comm) == 0) std::ofstream(path) << text;
  MPI_Barrier(comm);
  configure_logging("warn", rank_in(comm));
  SimulationOptions options;
  options.output_directory = dir / "out";
  options.show_progress = false;
  {
    Simulation simulation(comm, load_scenario(path), options);
    simulation.run();
  }
  if (rank_in(comm) != 0) return {};
  const std::string file = dir / "out/relcp.h5";
  return read_snapshot(file, list_snapshots(file).back().step);
}

Outcome run(const std::string& text) {
  const testing::ScratchDirectory dir(MPI_COMM_WORLD, "relcp_friction");
  run_scenario(MPI_COMM_WORLD, dir, text);
  Outcome outcome;
  if (rank_in(MPI_COMM_WORLD) == 0) {
    const std::string file = dir / "out/relcp.h5";
    const Snapshot first = read_snapshot(file, list_snapshots(file).front().step);
    const Snapshot last = read_snapshot(file, list_snapshots(file).back().step);
    EXPECT_NEAR(last.time, kEndTime, 1e-12);
    outcome.distance = (last.bodies.at(0).pose.position - first.bodies.at(0).pose.position).dot(kDownhill);
    outcome.speed = last.bodies.at(0).velocity.dot(kDownhill);
    outcome.spin = last.bodies.at(0).angular_velocity[1];
    std::ifstream stats(dir / "out/stats.csv");
    std::string line, last_line;
    while (std::getline(stats, line)) last_line = line;
    std::stringstream fields(last_line);
    std::string field;
    for (int column = 0; std::getline(fields, field, ','); ++column) {
      if (column == 13) outcome.sticking = std::stoll(field);
      if (column == 14) outcome.sliding = std::stoll(field);
    }
  }
  MPI_Barrier(MPI_COMM_WORLD);
  return outcome;
}

bool on_root() { return rank_in(MPI_COMM_WORLD) == 0; }

class FrictionOnIncline : public ::testing::TestWithParam<std::string> {};

TEST_P(FrictionOnIncline, AFrictionlessSphereSlidesAtGSinThetaWithoutSpinning) {
  const Outcome out = run(incline_scenario(sphere(), 0.0, GetParam()));
  if (!on_root()) return;
  const double a = kGravity * std::sin(kSlope);
  EXPECT_NEAR(out.speed, a * kEndTime, 0.02 * a * kEndTime);
  EXPECT_NEAR(out.spin, 0.0, 1e-9);
}

TEST_P(FrictionOnIncline, ASphereRollsWithoutSlippingAtFiveSeventhsGSinTheta) {
  const double mu = 0.5;  // above (2/7) tan(30 deg) = 0.165
  const Outcome out = run(incline_scenario(sphere(), mu, GetParam()));
  if (!on_root()) return;
  const double a = 5.0 / 7.0 * kGravity * std::sin(kSlope);
  EXPECT_NEAR(out.speed, a * kEndTime, 0.02 * a * kEndTime);
  EXPECT_NEAR(out.distance, 0.5 * a * kEndTime * kEndTime, 0.02 * 0.5 * a * kEndTime * kEndTime);
  EXPECT_NEAR(out.spin, out.speed / 1.0, 0.02 * out.speed);  // v = omega R: no slip
  EXPECT_EQ(out.sticking, 1);
  EXPECT_EQ(out.sliding, 0);
}

TEST_P(FrictionOnIncline, ASphereBelowTheRollingThresholdSlidesAndSpinsUp) {
  const double mu = 0.1;
  const Outcome out = run(incline_scenario(sphere(), mu, GetParam()));
  if (!on_root()) return;
  const double a = kGravity * (std::sin(kSlope) - mu * std::cos(kSlope));
  const double spin_rate = 2.5 * mu * kGravity * std::cos(kSlope);  // mu m g cos R / (2/5 m R^2)
  EXPECT_NEAR(out.speed, a * kEndTime, 0.02 * a * kEndTime);
  EXPECT_NEAR(out.spin, spin_rate * kEndTime, 0.02 * spin_rate * kEndTime);
  EXPECT_EQ(out.sticking, 0);
  EXPECT_EQ(out.sliding, 1);
}

TEST_P(FrictionOnIncline, AFlatBodyStaysWhileTanThetaIsBelowMu) {
  const Outcome out = run(incline_scenario(flat_ellipsoid(), 0.7, GetParam()));  // tan = 0.577
  if (!on_root()) return;
  EXPECT_LT(std::abs(out.distance), 5e-3);  // it rocks in place
  EXPECT_EQ(out.sliding, 0);
}

TEST_P(FrictionOnIncline, AFlatBodySlidesAtGSinMinusMuCosOnceTanThetaExceedsMu) {
  const double mu = 0.4;
  const Outcome out = run(incline_scenario(flat_ellipsoid(), mu, GetParam()));
  if (!on_root()) return;
  const double a = kGravity * (std::sin(kSlope) - mu * std::cos(kSlope));
  EXPECT_NEAR(out.distance, 0.5 * a * kEndTime * kEndTime, 0.02 * 0.5 * a * kEndTime * kEndTime);
  EXPECT_EQ(out.sliding, 1);
}

TEST_P(FrictionOnIncline, ASphereRollsTheSameUnderTheSingleAndMultisphereStrategies) {
  for (const std::string strategy : {"single", "multisphere"}) {
    std::string text = incline_scenario(sphere(), 0.5, GetParam());
    text.replace(text.find("strategy: relcp"), 15, "strategy: " + strategy);
    const Outcome out = run(text);
    if (!on_root()) continue;
    const double a = 5.0 / 7.0 * kGravity * std::sin(kSlope);
    EXPECT_NEAR(out.speed, a * kEndTime, 0.02 * a * kEndTime) << strategy;
    EXPECT_NEAR(out.spin, out.speed, 0.02 * out.speed) << strategy;
  }
}

void compare_with_serial_run(const std::string& text, const Snapshot& distributed) {
  const testing::ScratchDirectory dir(MPI_COMM_SELF, "relcp_friction_heap_serial");
  const Snapshot serial = run_scenario(MPI_COMM_SELF, dir, text);
  ASSERT_EQ(serial.bodies.size(), 24u);
  ASSERT_EQ(distributed.bodies.size(), 24u);
  std::map<GlobalId, Vec3> serial_positions;
  for (const auto& body : serial.bodies) serial_positions[body.id] = body.pose.position;
  for (const auto& body : distributed.bodies) {
    EXPECT_NEAR((body.pose.position - serial_positions.at(body.id)).norm(), 0.0, 1e-4) << "body " << body.id;
  }
  const bool friction_acts = std::any_of(serial.contacts.begin(), serial.contacts.end(),
                                         [](const auto& c) { return c.tangential_force.norm() > 0.0; });
  EXPECT_TRUE(friction_acts);
}

// nsgs solves the exact Coulomb problem itself (no fixed point of CCPs): the same closed forms.
TEST(FrictionWithNsgs, ASphereRollsOrSlidesAsTheClosedFormsSay) {
  for (const double mu : {0.5, 0.1}) {
    std::string text = incline_scenario(sphere(), mu, "coulomb");
    text.replace(text.find("solver: apgd"), 12, "solver: nsgs");
    const Outcome out = run(text);
    if (!on_root()) continue;
    const double a =
        mu > 0.2 ? 5.0 / 7.0 * kGravity * std::sin(kSlope) : kGravity * (std::sin(kSlope) - mu * std::cos(kSlope));
    EXPECT_NEAR(out.speed, a * kEndTime, 0.02 * a * kEndTime) << "mu " << mu;
    EXPECT_EQ(out.sliding, mu > 0.2 ? 0 : 1) << "mu " << mu;
  }
}

// Twenty-four ellipsoids dropped on a frictional floor for 0.3 s; `floor` and `pairs` add keys to
// the floor's and the collision section's friction.
std::string heap_scenario(const std::string& model, const std::string& floor = "", const std::string& pairs = "") {
  return "simulation: {dt: 0.002, end_time: 0.3, output: {snapshot_every: 100000, checkpoint_every: 0}}\n"
         "dynamics: {type: inertial, density: 1.0}\n"
         "generators:\n  - {type: random, count: 24, region: {lower: [-2, -2, 0.75], upper: [2, 2, 6]},\n"
         "     body: {shape: ellipsoid, radii: [0.4, 0.4, 0.7]}, min_gap: 0.02}\n"
         "forces:\n  - {type: gravity, acceleration: [0, 0, -9.81]}\n"
         "walls:\n  - {point: [0, 0, 0], normal: [0, 0, 1], friction: 0.8" +
         floor +
         "}\n"
         "collision: {strategy: relcp, solver: apgd, tolerance: 1.0e-6, friction: 0.5" +
         pairs + ", friction_model: " + model + "}\n";
}

// The heap of `text` on every rank count matches the same run on one rank to solver tolerance;
// returns the distributed run's last snapshot on rank 0.
Snapshot expect_heap_independent_of_ranks(const std::string& text) {
  Snapshot distributed;
  {
    const testing::ScratchDirectory dir(MPI_COMM_WORLD, "relcp_friction_heap");
    distributed = run_scenario(MPI_COMM_WORLD, dir, text);
  }
  // The other ranks wait for the serial run: the next test's collectives must not meet it.
  if (on_root()) compare_with_serial_run(text, distributed);
  MPI_Barrier(MPI_COMM_WORLD);
  return distributed;
}

TEST_P(FrictionOnIncline, ASmallHeapIsTheSameOnEveryNumberOfRanks) {
  expect_heap_independent_of_ranks(heap_scenario(GetParam()));
}

// nsgs with every rank sweeping its own contacts (nsgs_sweeps: ranks, the default) orders the
// contacts by rank, so the sweeps differ with the number of ranks; the heap does not.
TEST(FrictionWithNsgs, ASmallHeapIsTheSameOnEveryNumberOfRanks) {
  std::string text = heap_scenario("coulomb");
  text.replace(text.find("solver: apgd"), 12, "solver: nsgs");
  expect_heap_independent_of_ranks(text);
}

// A unit sphere resting on the floor z = 0 (mu = 0.5) with the given motion and resistance.
std::string floor_scenario(const std::string& motion, double rolling, double spinning, const std::string& model) {
  std::ostringstream text;
  text << "simulation:\n  dt: 0.001\n  end_time: " << kEndTime
       << "\n  output: {snapshot_every: 100000, checkpoint_every: 0}\n"
       << "dynamics: {type: inertial, density: 1.0}\n"
       << "bodies:\n  - {shape: sphere, radius: 1.0, position: [0, 0, 1], " << motion << "}\n"
       << "forces:\n  - {type: gravity, acceleration: [0, 0, " << -kGravity << "]}\n"
       << "walls:\n  - {point: [0, 0, 0], normal: [0, 0, 1]}\n"
       << "collision: {strategy: relcp, solver: apgd, tolerance: 1.0e-6, friction: 0.5, rolling_friction: " << rolling
       << ", spinning_friction: " << spinning << ", friction_model: " << model << "}\n";
  return text.str();
}

// The first and last snapshots' body 0 on rank 0 (empty elsewhere).
std::pair<particles::Body, particles::Body> first_and_last_body(const std::string& text) {
  const testing::ScratchDirectory dir(MPI_COMM_WORLD, "relcp_rotation_resistance");
  const Snapshot last = run_scenario(MPI_COMM_WORLD, dir, text);
  std::pair<particles::Body, particles::Body> bodies;
  if (on_root()) {
    const std::string file = dir / "out/relcp.h5";
    bodies = {read_snapshot(file, list_snapshots(file).front().step).bodies.at(0), last.bodies.at(0)};
    EXPECT_NEAR(last.time, kEndTime, 1e-12);
  }
  MPI_Barrier(MPI_COMM_WORLD);
  return bodies;
}

class RotationResistance : public ::testing::TestWithParam<std::string> {};

// Rolling without slipping against a resisting torque rolling R N: m a = -F and
// (2/5) m R^2 a / R = F R - rolling R m g, so a = -(5/7) rolling g.
TEST_P(RotationResistance, ARollingSphereSlowsAtFiveSeventhsOfRollingTimesG) {
  const double rolling = 0.05, v0 = 2.0;
  const auto [first, last] =
      first_and_last_body(floor_scenario("velocity: [2, 0, 0], angular_velocity: [0, 2, 0]", rolling, 0.0, GetParam()));
  if (!on_root()) return;
  const double deceleration = (v0 - last.velocity[0]) / kEndTime;
  EXPECT_NEAR(deceleration, 5.0 / 7.0 * rolling * kGravity, 0.02 * 5.0 / 7.0 * rolling * kGravity);
  EXPECT_NEAR(last.angular_velocity[1], last.velocity[0], 0.02 * last.velocity[0]);  // still no slip
  EXPECT_LT(std::abs(last.pose.position[2] - 1.0), 1e-3);                            // on the floor
}

TEST_P(RotationResistance, TheSingleAndMultisphereStrategiesGiveTheSameDeceleration) {
  for (const std::string strategy : {"single", "multisphere"}) {
    std::string text = floor_scenario("velocity: [2, 0, 0], angular_velocity: [0, 2, 0]", 0.05, 0.0, GetParam());
    text.replace(text.find("strategy: relcp"), 15, "strategy: " + strategy);
    const auto [first, last] = first_and_last_body(text);
    if (!on_root()) continue;
    const double expected = 5.0 / 7.0 * 0.05 * kGravity;
    EXPECT_NEAR((2.0 - last.velocity[0]) / kEndTime, expected, 0.02 * expected) << strategy;
  }
}

// The same sphere without resistance keeps its speed: the deceleration above is the resistance's.
TEST_P(RotationResistance, WithoutResistanceTheSphereRollsOn) {
  const auto [first, last] =
      first_and_last_body(floor_scenario("velocity: [2, 0, 0], angular_velocity: [0, 2, 0]", 0.0, 0.0, GetParam()));
  if (!on_root()) return;
  EXPECT_NEAR(last.velocity[0], 2.0, 1e-6);
}

// Spinning about the normal against a torque spinning R m g: (2/5) m R^2 d omega / dt =
// -spinning R m g, so omega falls at (5/2) spinning g / R, and stops.
TEST_P(RotationResistance, ASpinningSphereStopsAtFiveHalvesOfSpinningTimesGOverR) {
  const double spinning = 0.1, omega0 = 2.0;
  const double rate = 2.5 * spinning * kGravity;
  const auto [first, last] =
      first_and_last_body(floor_scenario("angular_velocity: [0, 0, 2]", 0.0, spinning, GetParam()));
  const auto [start, stopped] =
      first_and_last_body(floor_scenario("angular_velocity: [0, 0, 1]", 0.0, spinning, GetParam()));
  if (!on_root()) return;
  EXPECT_NEAR((omega0 - last.angular_velocity[2]) / kEndTime, rate, 0.02 * rate);
  EXPECT_NEAR(stopped.angular_velocity[2], 0.0, 1e-9);  // 1 / rate = 0.41 s < kEndTime
  EXPECT_LT(stopped.velocity.norm(), 1e-6);
}

// The 24-ellipsoid heap with rolling and spinning resistance on every rank count matches one rank.
TEST_P(RotationResistance, ASmallHeapIsTheSameOnEveryNumberOfRanks) {
  const Snapshot distributed = expect_heap_independent_of_ranks(
      heap_scenario(GetParam(), ", rolling_friction: 0.3", ", rolling_friction: 0.1, spinning_friction: 0.05"));
  if (!on_root()) return;
  const bool resistance_acts = std::any_of(distributed.contacts.begin(), distributed.contacts.end(),
                                           [](const auto& c) { return c.resistance_torque.norm() > 0.0; });
  EXPECT_TRUE(resistance_acts);
}

INSTANTIATE_TEST_SUITE_P(Models, RotationResistance, ::testing::Values("coulomb", "ccp"),
                         [](const auto& info) { return info.param; });

INSTANTIATE_TEST_SUITE_P(Models, FrictionOnIncline, ::testing::Values("coulomb", "ccp"),
                         [](const auto& info) { return info.param; });

}  // namespace
}  // namespace relcp::io
