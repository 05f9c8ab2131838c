#include <array>

#include "io/scenario/scenario_sections.hpp"
#include "io/scenario/scenario_values.hpp"

namespace relcp::io {

dynamics::GrowthOptions read_growth_section(const YamlNodeReader& section) {
  section.expect_map();
  constexpr auto kKeys = std::to_array<std::string_view>({"rate", "divide_at", "angle_noise_deg", "monolayer"});
  section.expect_only_keys(kKeys);
  dynamics::GrowthOptions options;
  options.rate = as_non_negative_double(section.child("rate"));
  options.divide_at = section.child("divide_at").as_positive_double();
  if (const auto noise = section.optional_child("angle_noise_deg")) {
    options.angle_noise_deg = as_non_negative_double(*noise);
  }
  if (const auto monolayer = section.optional_child("monolayer")) options.monolayer = monolayer->as_bool();
  return options;
}

}  // namespace relcp::io
