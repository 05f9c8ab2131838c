#include <array>

#include "io/scenario/scenario_sections.hpp"

namespace relcp::io {

std::vector<ListedBody> read_bodies_section(const YamlNodeReader& section) {
  constexpr auto kMotionKeys = std::to_array<std::string_view>({"velocity", "angular_velocity"});
  std::vector<ListedBody> bodies;
  for (std::size_t i = 0; i < section.size(); ++i) {
    const YamlNodeReader body = section.element(i);
    ListedBody listed;
    listed.description = read_body(body, kMotionKeys);
    if (const auto velocity = body.optional_child("velocity")) listed.velocity = velocity->as_vec3();
    if (const auto omega = body.optional_child("angular_velocity")) listed.angular_velocity = omega->as_vec3();
    bodies.push_back(std::move(listed));
  }
  return bodies;
}

}  // namespace relcp::io
