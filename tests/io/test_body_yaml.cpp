// The `bodies:` YAML syntax: every shape, the pose, and every kind of bad input reported with
// its file, 1-based line and key path.

#include <gtest/gtest.h>

#include <array>
#include <filesystem>
#include <fstream>
#include <string>

#include <unistd.h>

#include "core/error.hpp"
#include "io/scenario/body_yaml.hpp"

namespace relcp::io {
namespace {

std::vector<BodyDescription> parse(const std::string& text) {
  const YamlNodeReader root(YAML::Load(text), "scene.yaml");
  return read_bodies(root.child("bodies"));
}

struct ExpectedError {
  int line;
  std::string key;
  std::string message_part;
};

void expect_error(const std::string& text, const ExpectedError& expected) {
  try {
    parse(text);
    ADD_FAILURE() << "no error for:\n" << text;
  } catch (const InputError& error) {
    EXPECT_EQ(error.file(), "scene.yaml");
    EXPECT_EQ(error.line(), expected.line) << error.what();
    EXPECT_EQ(error.key(), expected.key) << error.what();
    EXPECT_NE(error.message().find(expected.message_part), std::string::npos) << error.what();
  }
}

TEST(BodyYaml, ReadsEveryShape) {
  const auto bodies = parse(R"(bodies:
  - shape: ellipsoid
    radii: [1.0, 1.0, 2.0]
    position: [0.0, 0.0, 0.0]
    orientation: [1.0, 0.0, 0.0, 0.0]
  - shape: spherocylinder
    radius: 0.25
    length: 2.0
    position: [3.0, 0.0, 0.0]
  - shape: sphere
    radius: 0.5
    position: [0, 1, 2]
  - shape: torus
    major_radius: 1.0
    minor_radius: 0.1
    position: [0, 0, -1]
    orientation: [0, 0, 0, 2]
)");
  ASSERT_EQ(bodies.size(), 4u);
  EXPECT_EQ(std::get<geometry::Ellipsoid>(bodies[0].shape).radii, Vec3(1.0, 1.0, 2.0));
  const auto& rod = std::get<geometry::Spherocylinder>(bodies[1].shape);
  EXPECT_EQ(rod.radius, 0.25);
  EXPECT_EQ(rod.length, 2.0);
  EXPECT_EQ(bodies[1].pose.position, Vec3(3.0, 0.0, 0.0));
  EXPECT_TRUE(bodies[1].pose.orientation.isApprox(Quaternion::Identity()));  // default
  EXPECT_EQ(std::get<geometry::Sphere>(bodies[2].shape).radius, 0.5);
  const auto& torus = std::get<geometry::Torus>(bodies[3].shape);
  EXPECT_EQ(torus.major_radius, 1.0);
  EXPECT_EQ(torus.minor_radius, 0.1);
  // [0, 0, 0, 2] is normalized to a half turn about z.
  EXPECT_NEAR(bodies[3].pose.orientation.z(), 1.0, 1e-15);
  EXPECT_NEAR(bodies[3].pose.orientation.norm(), 1.0, 1e-15);
}

TEST(BodyYaml, ExtraKeysOfTheCallerAreAccepted) {
  const YamlNodeReader root(
      YAML::Load("bodies:\n  - {shape: sphere, radius: 1, position: [0, 0, 0], velocity: [1, 0, 0]}\n"), "scene.yaml");
  constexpr std::array<std::string_view, 1> kExtra{"velocity"};
  EXPECT_EQ(read_bodies(root.child("bodies"), kExtra).size(), 1u);
  EXPECT_THROW(read_bodies(root.child("bodies")), InputError);
}

TEST(BodyYaml, ReportsUnknownShape) {
  expect_error("bodies:\n  - shape: cube\n    position: [0, 0, 0]\n", {2, "bodies[0].shape", "unknown shape 'cube'"});
}

TEST(BodyYaml, ReportsMissingAndBadSizes) {
  expect_error("bodies:\n  - shape: sphere\n    position: [0, 0, 0]\n", {2, "bodies[0].radius", "missing"});
  expect_error("bodies:\n  - shape: sphere\n    radius: 0\n    position: [0, 0, 0]\n",
               {3, "bodies[0].radius", "must be positive"});
  expect_error("bodies:\n  - shape: spherocylinder\n    radius: 1\n    length: -2\n    position: [0, 0, 0]\n",
               {4, "bodies[0].length", "must be positive"});
  expect_error("bodies:\n  - shape: ellipsoid\n    radii: [1, 0, 2]\n    position: [0, 0, 0]\n",
               {3, "bodies[0].radii[1]", "must be positive"});
  expect_error("bodies:\n  - shape: ellipsoid\n    radii: [1, 2]\n    position: [0, 0, 0]\n",
               {3, "bodies[0].radii", "list of 3 numbers"});
  expect_error("bodies:\n  - shape: sphere\n    radius: big\n    position: [0, 0, 0]\n",
               {3, "bodies[0].radius", "expected a number"});
  expect_error("bodies:\n  - shape: sphere\n    radius: .nan\n    position: [0, 0, 0]\n",
               {3, "bodies[0].radius", "finite"});
  expect_error("bodies:\n  - shape: sphere\n    radius:\n    position: [0, 0, 0]\n",
               {3, "bodies[0].radius", "expected a number"});
  expect_error("bodies:\n  - shape: torus\n    major_radius: 1\n    minor_radius: 1\n    position: [0, 0, 0]\n",
               {4, "bodies[0].minor_radius", "smaller than major_radius"});
}

TEST(BodyYaml, ReportsBadPose) {
  expect_error("bodies:\n  - shape: sphere\n    radius: 1\n", {2, "bodies[0].position", "missing"});
  expect_error("bodies:\n  - shape: sphere\n    radius: 1\n    position: [0, 0, 0]\n    orientation: [0, 0, 0, 0]\n",
               {5, "bodies[0].orientation", "non-zero quaternion"});
  expect_error("bodies:\n  - shape: sphere\n    radius: 1\n    position: [0, 0, 0]\n    orientation: [1, 0, 0]\n",
               {5, "bodies[0].orientation", "list of 4 numbers"});
  expect_error("bodies:\n  - shape: sphere\n    radius: 1\n    position: [0, x, 0]\n",
               {4, "bodies[0].position[1]", "expected a number"});
}

TEST(BodyYaml, ReportsUnknownAndRepeatedKeys) {
  // A size key of another shape is unknown for this one.
  expect_error("bodies:\n  - shape: sphere\n    radius: 1\n    position: [0, 0, 0]\n    radii: [1, 1, 1]\n",
               {5, "bodies[0].radii", "unknown key"});
  expect_error("bodies:\n  - shape: sphere\n    radius: 1\n    radius: 2\n    position: [0, 0, 0]\n",
               {4, "bodies[0].radius", "repeated key"});
  expect_error("bodies:\n  - shape: torus\n    major_radius: 1\n    minor_radus: 0.1\n    position: [0, 0, 0]\n",
               {4, "bodies[0].minor_radus", "unknown key"});
}

TEST(BodyYaml, ReportsWrongStructure) {
  expect_error("bodies: 3\n", {1, "bodies", "expected a list"});
  expect_error("bodies:\n  - 3\n", {2, "bodies[0]", "expected a mapping"});
}

class BodyYamlFile : public ::testing::Test {
 protected:
  std::string write(const std::string& text) {
    std::ofstream(path_) << text;
    return path_.string();
  }
  void TearDown() override { std::filesystem::remove(path_); }

  std::filesystem::path path_ =
      std::filesystem::temp_directory_path() / ("relcp_body_yaml_" + std::to_string(::getpid()) + ".yaml");
};

TEST_F(BodyYamlFile, ReadsAFile) {
  const auto bodies = read_bodies_file(write("bodies:\n  - {shape: sphere, radius: 1, position: [0, 0, 0]}\n"));
  EXPECT_EQ(bodies.size(), 1u);
}

TEST_F(BodyYamlFile, ReportsSyntaxErrorsWithTheirLine) {
  const std::string file = write("bodies:\n  - shape: sphere\n    radius: [1, 2\n    position: [0, 0, 0]\n");
  try {
    read_bodies_file(file);
    ADD_FAILURE() << "no error";
  } catch (const InputError& error) {
    EXPECT_EQ(error.file(), file);
    EXPECT_GE(error.line(), 3);
    EXPECT_NE(error.message().find("YAML syntax error"), std::string::npos) << error.what();
  }
}

TEST_F(BodyYamlFile, ReportsUnknownTopLevelKeys) {
  const std::string file = write("bodies: []\ntimestep: 0.1\n");
  try {
    read_bodies_file(file);
    ADD_FAILURE() << "no error";
  } catch (const InputError& error) {
    EXPECT_EQ(error.line(), 2);
    EXPECT_EQ(error.key(), "timestep");
  }
}

TEST(BodyYamlMissingFile, ReportsTheFile) {
  try {
    read_bodies_file("/nonexistent/relcp/scene.yaml");
    ADD_FAILURE() << "no error";
  } catch (const InputError& error) {
    EXPECT_EQ(error.file(), "/nonexistent/relcp/scene.yaml");
    EXPECT_NE(error.message().find("cannot open"), std::string::npos);
  }
}

}  // namespace
}  // namespace relcp::io
