// The scenario side of the chainmail generator and of multisphere_count: a chainmail's rings
// follow the listed bodies with consecutive ids, and the sphere count is checked per shape
// (32 spheres per ring are fine, an even count is not once an ellipsoid is present).

#include <gtest/gtest.h>

#include "core/error.hpp"
#include "io/scenario/initial_bodies.hpp"
#include "io/scenario/scenario_reader.hpp"

namespace relcp::io {
namespace {

Scenario parse(const std::string& text) { return read_scenario(YamlNodeReader(YAML::Load(text), "s.yaml")); }

const char* kChainmail = R"(simulation: {dt: 0.001, steps: 1}
dynamics: {type: overdamped}
bodies:
  - {shape: sphere, radius: 1.0, position: [50, 0, 0]}
generators:
  - {type: chainmail, nx: 3, ny: 2, spacing: 3.0, major_radius: 1.0, minor_radius: 0.1, center: [1, 2, 3]}
collision: {strategy: multisphere, multisphere_count: 32}
)";

TEST(ChainmailGenerator, RingsFollowTheListedBodiesCentredOnTheirCenter) {
  const Scenario scenario = parse(kChainmail);
  EXPECT_EQ(scenario.collision.contact.strategy.multisphere_count, 32);
  const auto bodies = build_initial_bodies(scenario);
  ASSERT_EQ(bodies.size(), 1u + 6u + 4u + 3u);
  Vec3 sum = Vec3::Zero();
  for (std::size_t k = 1; k < bodies.size(); ++k) {
    EXPECT_EQ(bodies[k].id, static_cast<GlobalId>(k));
    EXPECT_TRUE(std::holds_alternative<geometry::Torus>(bodies[k].shape));
    if (k <= 6) sum += bodies[k].pose.position;
  }
  EXPECT_TRUE((sum / 6.0).isApprox(Vec3(1, 2, 3)));
}

TEST(ChainmailGenerator, AnEvenSphereCountIsRejectedOnlyWhenAnEllipsoidIsPresent) {
  std::string text = kChainmail;
  text.replace(text.find("shape: sphere, radius: 1.0"), 26, "shape: ellipsoid, radii: [1, 1, 2]");
  try {
    parse(text);
    ADD_FAILURE() << "no InputError";
  } catch (const InputError& error) {
    EXPECT_EQ(error.key(), "collision.multisphere_count");
    EXPECT_EQ(error.line(), 7);
    EXPECT_NE(error.message().find("odd"), std::string::npos) << error.what();
  }
}

TEST(ChainmailGenerator, RodsTakeAnyPositiveSphereCount) {
  const Scenario scenario = parse(R"(simulation: {dt: 0.01, steps: 1}
dynamics: {type: overdamped}
bodies:
  - {shape: spherocylinder, radius: 0.25, length: 1.5, position: [0, 0, 0]}
collision: {strategy: multisphere, multisphere_count: 6}
)");
  EXPECT_EQ(scenario.collision.contact.strategy.multisphere_count, 6);
}

}  // namespace
}  // namespace relcp::io
