#include <array>

#include "io/scenario/scenario_sections.hpp"
#include "io/scenario/scenario_values.hpp"

namespace relcp::io {

particles::Domain read_domain_section(const YamlNodeReader& section) {
  section.expect_map();
  constexpr auto kKeys = std::to_array<std::string_view>({"lower", "upper", "periodic"});
  section.expect_only_keys(kKeys);
  particles::Domain domain;
  domain.lower = section.child("lower").as_vec3();
  domain.upper = section.child("upper").as_vec3();
  for (int axis = 0; axis < 3; ++axis) {
    if (!(domain.upper[axis] > domain.lower[axis])) {
      section.child("upper")
          .element(static_cast<std::size_t>(axis))
          .fail("must be greater than lower[" + std::to_string(axis) + "]");
    }
  }
  if (const auto periodic = section.optional_child("periodic")) {
    const std::string expected = "expected a list of 3 true/false values";
    periodic->expect_sequence();
    if (periodic->size() != 3) periodic->fail(expected + ", found " + std::to_string(periodic->size()));
    for (std::size_t axis = 0; axis < 3; ++axis) domain.periodic[axis] = periodic->element(axis).as_bool();
  }
  return domain;
}

}  // namespace relcp::io
