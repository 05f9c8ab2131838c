// The start bodies of a scenario: listed ones first with their motion, then each generator's,
// with consecutive ids, reproducible, clear of each other, and placement failures located.

#include <gtest/gtest.h>

#include "core/error.hpp"
#include "geometry/shapes/shape_properties.hpp"
#include "io/scenario/initial_bodies.hpp"
#include "io/scenario/scenario_reader.hpp"

namespace relcp::io {
namespace {

Scenario parse(const std::string& text) { return read_scenario(YamlNodeReader(YAML::Load(text), "s.yaml")); }

const char* kScenario = R"(simulation: {dt: 0.01, steps: 1, seed: 9}
dynamics: {type: inertial}
bodies:
  - {shape: sphere, radius: 1.0, position: [20, 0, 0], velocity: [1, 2, 3], angular_velocity: [0, 0, 1]}
generators:
  - {type: random, count: 40, region: {lower: [-6, -6, -6], upper: [6, 6, 6]}, body: {shape: sphere, radius: 0.5}, min_gap: 0.2}
  - {type: random, count: 20, region: {lower: [-6, -6, -6], upper: [6, 6, 6]},
     body: {shape: spherocylinder, radius: 0.2, length: 1.0}, orientation: [0, 1, 0, 0]}
)";

TEST(InitialBodies, ListedFirstThenGeneratorsWithConsecutiveIds) {
  const auto bodies = build_initial_bodies(parse(kScenario));
  ASSERT_EQ(bodies.size(), 61u);
  for (std::size_t k = 0; k < bodies.size(); ++k) EXPECT_EQ(bodies[k].id, static_cast<GlobalId>(k));
  EXPECT_EQ(bodies[0].velocity, Vec3(1, 2, 3));
  EXPECT_EQ(bodies[0].angular_velocity, Vec3(0, 0, 1));
  EXPECT_TRUE(std::holds_alternative<geometry::Sphere>(bodies[1].shape));
  EXPECT_TRUE(std::holds_alternative<geometry::Spherocylinder>(bodies[41].shape));
  EXPECT_TRUE(bodies[41].pose.orientation.isApprox(Quaternion(0, 1, 0, 0)));
  for (std::size_t k = 1; k < bodies.size(); ++k) {
    EXPECT_TRUE((bodies[k].pose.position.array().abs() <= 6.0).all());
  }
}

TEST(InitialBodies, BoundingSpheresKeepTheGapAndTheResultIsReproducible) {
  const Scenario scenario = parse(kScenario);
  const auto bodies = build_initial_bodies(scenario);
  for (std::size_t i = 1; i <= 40; ++i) {
    for (std::size_t j = i + 1; j <= 40; ++j) {
      EXPECT_GE((bodies[i].pose.position - bodies[j].pose.position).norm(), 1.0 + 0.2 - 1e-12);
    }
  }
  const auto again = build_initial_bodies(scenario);
  for (std::size_t k = 0; k < bodies.size(); ++k) EXPECT_EQ(again[k].pose.position, bodies[k].pose.position);
}

TEST(InitialBodies, TheSeedChangesThePlacementAndGeneratorsDiffer) {
  Scenario scenario = parse(kScenario);
  const auto first = build_initial_bodies(scenario);
  scenario.simulation.seed = 10;
  const auto second = build_initial_bodies(scenario);
  EXPECT_NE(first[1].pose.position, second[1].pose.position);
  EXPECT_NE(generator_seed(9, 0), generator_seed(9, 1));
}

TEST(InitialBodies, AGeneratorWithoutRoomIsReportedAtItsCount) {
  const Scenario scenario = parse(R"(simulation: {dt: 0.01, steps: 1}
dynamics: {type: overdamped}
generators:
  - type: random
    count: 300
    region: {lower: [-1, -1, -1], upper: [1, 1, 1]}
    body: {shape: sphere, radius: 1.0}
)");
  try {
    build_initial_bodies(scenario);
    ADD_FAILURE() << "no InputError";
  } catch (const InputError& error) {
    EXPECT_EQ(error.file(), "s.yaml");
    EXPECT_EQ(error.line(), 5);
    EXPECT_EQ(error.key(), "generators[0].count");
  }
}

}  // namespace
}  // namespace relcp::io
