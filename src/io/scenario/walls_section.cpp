#include <array>

#include "io/scenario/scenario_sections.hpp"
#include "io/scenario/scenario_values.hpp"

namespace relcp::io {

WallsSection read_walls_section(const YamlNodeReader& section) {
  constexpr auto kKeys =
      std::to_array<std::string_view>({"point", "normal", "friction", "rolling_friction", "spinning_friction"});
  WallsSection out;
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
    out.walls.push_back(wall);
    const auto coefficient = [&](std::string_view key) {
      const auto node = entry.optional_child(key);
      return node ? as_non_negative_double(*node) : -1.0;
    };
    out.friction.push_back(coefficient("friction"));
    out.rolling_friction.push_back(coefficient("rolling_friction"));
    out.spinning_friction.push_back(coefficient("spinning_friction"));
  }
  return out;
}

}  // namespace relcp::io
