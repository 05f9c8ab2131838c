// `--set key.path=value`: the value lands at the path before validation, and bad assignments
// are errors of the `--set` option.

#include <gtest/gtest.h>

#include "core/error.hpp"
#include "io/scenario/scenario_reader.hpp"
#include "io/yaml/scenario_overrides.hpp"

namespace relcp::io {
namespace {

const char* kBase =
    "simulation:\n"
    "  dt: 0.01\n"
    "  steps: 10\n"
    "dynamics: {type: overdamped}\n"
    "bodies:\n"
    "  - {shape: sphere, radius: 1.0, position: [0, 0, 0]}\n"
    "  - {shape: sphere, radius: 2.0, position: [5, 0, 0]}\n";

Scenario with(std::initializer_list<std::string_view> assignments) {
  YAML::Node document = YAML::Load(kBase);
  for (const std::string_view assignment : assignments) apply_override(document, assignment);
  return read_scenario(YamlNodeReader(document, "base.yaml"));
}

InputError error_of(std::initializer_list<std::string_view> assignments) {
  try {
    with(assignments);
  } catch (const InputError& error) {
    return error;
  }
  ADD_FAILURE() << "no InputError";
  return InputError("", "");
}

TEST(ScenarioOverrides, ReplaceScalarsListsAndListElements) {
  const Scenario s =
      with({"simulation.dt=0.02", "bodies[1].position=[7, 8, 9]", "bodies[0].radius=0.5", "simulation.seed=11"});
  EXPECT_EQ(s.simulation.dt, 0.02);
  EXPECT_EQ(s.simulation.seed, 11u);
  EXPECT_EQ(s.bodies[1].description.pose.position, Vec3(7, 8, 9));
  EXPECT_EQ(std::get<geometry::Sphere>(s.bodies[0].description.shape).radius, 0.5);
}

TEST(ScenarioOverrides, CreateMissingMappingsAndLaterOnesWin) {
  const Scenario s =
      with({"simulation.output.directory=run2", "parallel.rebalance_every=5", "simulation.output.snapshot_every=3",
            "simulation.output.snapshot_every=4", "growth={rate: 0.5, divide_at: 4}"});
  EXPECT_EQ(s.simulation.output.directory, "run2");
  EXPECT_EQ(s.simulation.output.snapshot_every, 4);
  EXPECT_EQ(s.parallel.rebalance_every, 5);
  ASSERT_TRUE(s.growth.has_value());
  EXPECT_EQ(s.growth->rate, 0.5);
}

TEST(ScenarioOverrides, BadValuesAreReportedAtTheKeysLineInTheFile) {
  const InputError negative = error_of({"simulation.dt=-1"});
  EXPECT_EQ(negative.file(), "base.yaml");
  EXPECT_EQ(negative.line(), 2);
  EXPECT_EQ(negative.key(), "simulation.dt");
  const InputError unknown = error_of({"simulation.dtt=1"});
  EXPECT_EQ(unknown.key(), "simulation.dtt");
  EXPECT_NE(unknown.message().find("unknown key"), std::string::npos);
  const InputError both = error_of({"simulation.end_time=1"});
  EXPECT_EQ(both.key(), "simulation.end_time");
}

TEST(ScenarioOverrides, MalformedAssignmentsAreErrorsOfTheOption) {
  for (const char* bad : {"simulation.dt", "=3", "simulation..dt=1", "bodies[x].radius=1", "bodies[5].radius=1",
                          "simulation.dt.value=1", "simulation.dt=[1, 2", "simulation.=1"}) {
    const InputError error = error_of({bad});
    EXPECT_EQ(error.key(), "--set") << bad;
    EXPECT_EQ(error.file(), "") << bad;
    EXPECT_NE(error.message().find(bad), std::string::npos) << error.what();
  }
}

}  // namespace
}  // namespace relcp::io
