#include <array>

#include "io/scenario/scenario_sections.hpp"
#include "io/scenario/scenario_values.hpp"

namespace relcp::io {

DynamicsSettings read_dynamics_section(const YamlNodeReader& section) {
  section.expect_map();
  DynamicsSettings settings;
  const std::string type = as_choice(section.child("type"), {"overdamped", "inertial"}, "dynamics type");
  if (type == "overdamped") {
    constexpr auto kKeys = std::to_array<std::string_view>({"type", "drag"});
    section.expect_only_keys(kKeys);
    settings.kind = DynamicsKind::overdamped;
    if (const auto drag = section.optional_child("drag")) settings.drag = drag->as_positive_double();
  } else {
    constexpr auto kKeys = std::to_array<std::string_view>({"type", "density"});
    section.expect_only_keys(kKeys);
    settings.kind = DynamicsKind::inertial;
    if (const auto density = section.optional_child("density")) settings.density = density->as_positive_double();
  }
  return settings;
}

}  // namespace relcp::io
