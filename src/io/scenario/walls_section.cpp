#include <array>

#include "io/scenario/scenario_sections.hpp"

namespace relcp::io {

std::vector<geometry::HalfSpace> read_walls_section(const YamlNodeReader& section) {
  constexpr std::array<std::string_view, 2> kKeys{"point", "normal"};
  std::vector<geometry::HalfSpace> walls;
  for (std::size_t i = 0; i < section.size(); ++i) {
    const YamlNodeReader entry = section.element(i);
    entry.expect_map();
    entry.expect_only_keys(kKeys);
    geometry::HalfSpace wall;
    wall.point = entry.child("point").as_vec3();
    const YamlNodeReader normal = entry.child("normal");
    wall.normal = normal.as_vec3();
    if (!(wall.normal.norm() > 0.0)) normal.fail("must be a non-zero vector");
    wall.normal.normalize();
    walls.push_back(wall);
  }
  return walls;
}

}  // namespace relcp::io
