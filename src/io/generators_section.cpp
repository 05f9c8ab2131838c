#include <array>

#include "io/scenario_sections.hpp"
#include "io/scenario_values.hpp"

namespace relcp::io {
namespace {

// `orientation: random` or a fixed quaternion [w, x, y, z].
void read_orientation(const YamlNodeReader& node, particles::RandomPlacement& placement) {
  if (node.node().IsScalar()) {
    as_choice(node, {"random"}, "orientation");
    placement.orientation = particles::OrientationMode::random;
    return;
  }
  if (!node.node().IsSequence()) node.fail("expected 'random' or a quaternion [w, x, y, z]");
  const std::vector<double> wxyz = node.as_doubles(4);
  const Quaternion q(wxyz[0], wxyz[1], wxyz[2], wxyz[3]);
  if (!(q.norm() > 1e-12)) node.fail("must be a non-zero quaternion [w, x, y, z]");
  placement.orientation = particles::OrientationMode::fixed;
  placement.fixed_orientation = q.normalized();
}

RandomGenerator read_random_generator(const YamlNodeReader& generator) {
  constexpr std::array<std::string_view, 6> kKeys{"type", "count", "region", "body", "orientation",
                                                  "min_gap"};
  generator.expect_only_keys(kKeys);
  RandomGenerator random;
  const YamlNodeReader count = generator.child("count");
  random.placement.count = as_count(count);
  random.count_location = SourceLocation::of(count);
  const Box region = read_box(generator.child("region"));
  random.placement.lower = region.lower;
  random.placement.upper = region.upper;
  random.placement.shape = read_shape_only(generator.child("body"));
  if (const auto orientation = generator.optional_child("orientation")) {
    read_orientation(*orientation, random.placement);
  }
  if (const auto gap = generator.optional_child("min_gap")) random.placement.min_gap = as_non_negative_double(*gap);
  return random;
}

}  // namespace

std::vector<RandomGenerator> read_generators_section(const YamlNodeReader& section) {
  std::vector<RandomGenerator> generators;
  for (std::size_t i = 0; i < section.size(); ++i) {
    const YamlNodeReader generator = section.element(i);
    generator.expect_map();
    as_choice(generator.child("type"), {"random"}, "generator type");
    generators.push_back(read_random_generator(generator));
  }
  return generators;
}

}  // namespace relcp::io
