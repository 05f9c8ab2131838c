// The scenario's `walls:` section: half-spaces with normalized normals, and its errors.

#include <gtest/gtest.h>

#include "core/error.hpp"
#include "io/scenario/scenario_reader.hpp"

namespace relcp::io {
namespace {

Scenario parse(const std::string& text) { return read_scenario(YamlNodeReader(YAML::Load(text), "s.yaml")); }

const std::string kBase = R"(simulation: {dt: 0.01, steps: 10}
dynamics: {type: overdamped}
bodies:
  - {shape: sphere, radius: 1.0, position: [0, 0, 2]}
collision: {strategy: relcp}
)";

TEST(WallsSection, ReadsPointsAndNormalizesNormals) {
  const Scenario scenario = parse(kBase + R"(walls:
  - {point: [0, 0, -1], normal: [0, 0, 3]}
  - {point: [1, 2, 3], normal: [1, 1, 0]}
)");
  ASSERT_EQ(scenario.walls.size(), 2u);
  EXPECT_EQ(scenario.walls[0].point, Vec3(0.0, 0.0, -1.0));
  EXPECT_EQ(scenario.walls[0].normal, Vec3(0.0, 0.0, 1.0));
  EXPECT_EQ(scenario.walls[1].point, Vec3(1.0, 2.0, 3.0));
  EXPECT_NEAR((scenario.walls[1].normal - Vec3(1.0, 1.0, 0.0) / std::sqrt(2.0)).norm(), 0.0, 1e-15);
}

TEST(WallsSection, NoneByDefaultAndAnEmptyListNeedsNoStrategy) {
  EXPECT_TRUE(parse(kBase).walls.empty());
  const std::string without = R"(simulation: {dt: 0.01, steps: 10}
dynamics: {type: overdamped}
bodies:
  - {shape: sphere, radius: 1.0, position: [0, 0, 2]}
walls: []
)";
  EXPECT_TRUE(parse(without).walls.empty());
}

TEST(WallsSection, ErrorsNameTheKey) {
  const auto key_of = [](const std::string& text) {
    try {
      parse(text);
    } catch (const InputError& error) {
      return error.key();
    }
    return std::string("accepted");
  };
  EXPECT_EQ(key_of(kBase + "walls:\n  - {point: [0, 0, 0], normal: [0, 0, 0]}\n"), "walls[0].normal");
  EXPECT_EQ(key_of(kBase + "walls:\n  - {point: [0, 0], normal: [0, 0, 1]}\n"), "walls[0].point");
  EXPECT_EQ(key_of(kBase + "walls:\n  - {normal: [0, 0, 1]}\n"), "walls[0].point");
  EXPECT_EQ(key_of(kBase + "walls:\n  - [0, 0, 1]\n"), "walls[0]");
}

}  // namespace
}  // namespace relcp::io
