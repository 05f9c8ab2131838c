#pragma once
// The `bodies:` syntax shared by relcp_geom and the simulator's scenarios (docs/relcp_geom.md):
//
//   bodies:
//     - shape: ellipsoid            # sphere | ellipsoid | spherocylinder | torus
//       radii: [1.0, 1.0, 2.0]      # sphere: radius; spherocylinder: radius, length;
//                                   # torus: major_radius, minor_radius (minor < major)
//       position: [0.0, 0.0, 0.0]
//       orientation: [1, 0, 0, 0]   # optional unit quaternion w, x, y, z (body -> lab);
//                                   # a non-zero one is normalized
//
// Sizes must be positive. Unknown keys are errors; a caller that reads more keys from the same
// body mapping (velocity, angular_velocity) passes them as `extra_keys`.

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "geometry/shapes/pose.hpp"
#include "geometry/shapes/shape.hpp"
#include "io/yaml/yaml_node_reader.hpp"

namespace relcp::io {

struct BodyDescription {
  geometry::Shape shape;
  geometry::Pose pose;
};

// The keys read_body reads for `shape` ("shape", the shape's size keys, "position",
// "orientation").
std::vector<std::string_view> body_keys(const geometry::Shape& shape);

geometry::Shape read_shape(const YamlNodeReader& body);  // `shape` and its size keys
geometry::Pose read_pose(const YamlNodeReader& body);    // `position` and `orientation`

// A mapping with only `shape` and its size keys (a generator's body template), checked for
// unknown keys.
geometry::Shape read_shape_only(const YamlNodeReader& body);

// One body mapping, checked for unknown keys.
BodyDescription read_body(const YamlNodeReader& body, std::span<const std::string_view> extra_keys = {});

// A list of body mappings (possibly empty).
std::vector<BodyDescription> read_bodies(const YamlNodeReader& bodies,
                                         std::span<const std::string_view> extra_keys = {});

// A file whose only top-level key is `bodies`.
std::vector<BodyDescription> read_bodies_file(const std::string& path);

}  // namespace relcp::io
