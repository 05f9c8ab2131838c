#include "io/scenario/body_yaml.hpp"

#include <algorithm>
#include <array>
#include <iomanip>
#include <sstream>
#include <variant>

namespace relcp::io {
namespace {

using geometry::Ellipsoid;
using geometry::Sphere;
using geometry::Spherocylinder;
using geometry::Torus;

constexpr auto kCommonKeys = std::to_array<std::string_view>({"shape", "position", "orientation"});

std::vector<std::string_view> size_keys(const Sphere&) { return {"radius"}; }
std::vector<std::string_view> size_keys(const Ellipsoid&) { return {"radii"}; }
std::vector<std::string_view> size_keys(const Spherocylinder&) { return {"radius", "length"}; }
std::vector<std::string_view> size_keys(const Torus&) { return {"major_radius", "minor_radius"}; }

// A shape of the kind named by `shape`, sizes not yet read.
geometry::Shape shape_kind(const YamlNodeReader& body) {
  const YamlNodeReader kind = body.child("shape");
  const std::string name = kind.as_string();
  if (name == "sphere") return Sphere{};
  if (name == "ellipsoid") return Ellipsoid{};
  if (name == "spherocylinder") return Spherocylinder{};
  if (name == "torus") return Torus{};
  kind.fail("unknown shape '" + name + "' (expected sphere, ellipsoid, spherocylinder or torus)");
}

// The separations are exercised and tested on aspect ratios up to about 10 (docs/geometry.md);
// far beyond, a body is a needle or a plate that overlaps everything near it (a radius of 2^31
// among unit bodies ran for minutes without resolving), so the input is refused.
constexpr double kLargestAspectRatio = 1e4;

void expect_supported_aspect(const YamlNodeReader& node, double aspect) {
  if (aspect > kLargestAspectRatio) {
    std::ostringstream what;
    what << std::setprecision(3) << "an aspect ratio of " << aspect << " is beyond the supported "
         << kLargestAspectRatio << " (docs/geometry.md)";
    node.fail(what.str());
  }
}

Sphere read_sizes(const Sphere&, const YamlNodeReader& body) {
  return Sphere{body.child("radius").as_positive_double()};
}

Ellipsoid read_sizes(const Ellipsoid&, const YamlNodeReader& body) {
  const YamlNodeReader radii = body.child("radii");
  const Vec3 values = radii.as_vec3();
  for (std::size_t axis = 0; axis < 3; ++axis) {
    if (!(values[static_cast<Eigen::Index>(axis)] > 0.0)) radii.element(axis).fail("must be positive");
  }
  expect_supported_aspect(radii, values.maxCoeff() / values.minCoeff());
  return Ellipsoid{values};
}

Spherocylinder read_sizes(const Spherocylinder&, const YamlNodeReader& body) {
  const double radius = body.child("radius").as_positive_double();
  const double length = body.child("length").as_positive_double();
  expect_supported_aspect(body.child("length"), std::max(length / radius, radius / length));
  return Spherocylinder{radius, length};
}

Torus read_sizes(const Torus&, const YamlNodeReader& body) {
  const Torus torus{body.child("major_radius").as_positive_double(), body.child("minor_radius").as_positive_double()};
  if (torus.minor_radius >= torus.major_radius) {
    body.child("minor_radius").fail("must be smaller than major_radius (a ring with a hole)");
  }
  return torus;
}

}  // namespace

std::vector<std::string_view> body_keys(const geometry::Shape& shape) {
  std::vector<std::string_view> keys(kCommonKeys.begin(), kCommonKeys.end());
  const auto sizes = std::visit([](const auto& kind) { return size_keys(kind); }, shape);
  keys.insert(keys.begin() + 1, sizes.begin(), sizes.end());
  return keys;
}

geometry::Shape read_shape(const YamlNodeReader& body) {
  return std::visit([&body](const auto& kind) -> geometry::Shape { return read_sizes(kind, body); }, shape_kind(body));
}

geometry::Pose read_pose(const YamlNodeReader& body) {
  geometry::Pose pose;
  pose.position = body.child("position").as_vec3();
  if (const auto orientation = body.optional_child("orientation")) {
    const std::vector<double> wxyz = orientation->as_doubles(4);
    Quaternion q(wxyz[0], wxyz[1], wxyz[2], wxyz[3]);
    if (!(q.norm() > 1e-12)) orientation->fail("must be a non-zero quaternion [w, x, y, z]");
    pose.orientation = q.normalized();
  }
  return pose;
}

geometry::Shape read_shape_only(const YamlNodeReader& body) {
  body.expect_map();
  std::vector<std::string_view> allowed{"shape"};
  const auto sizes = std::visit([](const auto& kind) { return size_keys(kind); }, shape_kind(body));
  allowed.insert(allowed.end(), sizes.begin(), sizes.end());
  body.expect_only_keys(allowed);
  return read_shape(body);
}

BodyDescription read_body(const YamlNodeReader& body, std::span<const std::string_view> extra_keys) {
  body.expect_map();
  // Unknown keys are reported before missing sizes: a misspelt size key is both.
  std::vector<std::string_view> allowed = body_keys(shape_kind(body));
  allowed.insert(allowed.end(), extra_keys.begin(), extra_keys.end());
  body.expect_only_keys(allowed);
  return BodyDescription{read_shape(body), read_pose(body)};
}

std::vector<BodyDescription> read_bodies(const YamlNodeReader& bodies, std::span<const std::string_view> extra_keys) {
  std::vector<BodyDescription> descriptions;
  for (std::size_t i = 0; i < bodies.size(); ++i) {
    descriptions.push_back(read_body(bodies.element(i), extra_keys));
  }
  return descriptions;
}

std::vector<BodyDescription> read_bodies_file(const std::string& path) {
  const YamlNodeReader root(load_yaml_file(path), path);
  root.expect_map();
  constexpr auto kTopLevelKeys = std::to_array<std::string_view>({"bodies"});
  root.expect_only_keys(kTopLevelKeys);
  return read_bodies(root.child("bodies"));
}

}  // namespace relcp::io
