#include <array>

#include "io/scenario/scenario_sections.hpp"
#include "io/scenario/scenario_values.hpp"

namespace relcp::io {
namespace {

RadialForceSettings read_radial(const YamlNodeReader& field) {
  constexpr auto kKeys = std::to_array<std::string_view>({"type", "center", "sign", "scale"});
  field.expect_only_keys(kKeys);
  RadialForceSettings radial;
  if (const auto center = field.optional_child("center")) radial.center = center->as_vec3();
  if (const auto sign = field.optional_child("sign")) {
    radial.sign = sign->as_double();
    if (radial.sign != 1.0 && radial.sign != -1.0) sign->fail("must be 1 (outward) or -1 (inward)");
  }
  if (const auto scale = field.optional_child("scale")) radial.scale = as_non_negative_double(*scale);
  return radial;
}

ConstantForceSettings read_constant(const YamlNodeReader& field) {
  constexpr auto kKeys = std::to_array<std::string_view>({"type", "force"});
  field.expect_only_keys(kKeys);
  return ConstantForceSettings{field.child("force").as_vec3()};
}

BodyLoadSettings read_body_load(const YamlNodeReader& field) {
  constexpr auto kKeys = std::to_array<std::string_view>({"type", "id", "force", "torque"});
  field.expect_only_keys(kKeys);
  BodyLoadSettings load;
  load.id = as_count(field.child("id"));
  if (const auto force = field.optional_child("force")) load.force = force->as_vec3();
  if (const auto torque = field.optional_child("torque")) load.torque = torque->as_vec3();
  return load;
}

GravitySettings read_gravity(const YamlNodeReader& field) {
  constexpr auto kKeys = std::to_array<std::string_view>({"type", "acceleration"});
  field.expect_only_keys(kKeys);
  return GravitySettings{field.child("acceleration").as_vec3()};
}

}  // namespace

std::vector<ForceSettings> read_forces_section(const YamlNodeReader& section) {
  std::vector<ForceSettings> forces;
  for (std::size_t i = 0; i < section.size(); ++i) {
    const YamlNodeReader field = section.element(i);
    field.expect_map();
    const std::string type = as_choice(field.child("type"), {"radial", "constant", "body", "gravity"}, "force type");
    if (type == "radial") {
      forces.emplace_back(read_radial(field));
    } else if (type == "constant") {
      forces.emplace_back(read_constant(field));
    } else if (type == "gravity") {
      forces.emplace_back(read_gravity(field));
    } else {
      forces.emplace_back(read_body_load(field));
    }
  }
  return forces;
}

}  // namespace relcp::io
