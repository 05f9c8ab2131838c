#include <array>
#include <sstream>

#include "io/scenario/scenario_sections.hpp"
#include "io/scenario/scenario_values.hpp"

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
  constexpr auto kKeys = std::to_array<std::string_view>({"type", "count", "region", "body", "orientation", "min_gap"});
  generator.expect_only_keys(kKeys);
  RandomGenerator random;
  const YamlNodeReader count = generator.child("count");
  random.placement.count = as_count(count);
  random.count_location = SourceLocation::of(count);
  count.require_memory(static_cast<double>(random.placement.count) * particles::kBytesPerBodyEstimate,
                       std::to_string(random.placement.count) + " bodies");
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

ChainmailGenerator read_chainmail_generator(const YamlNodeReader& generator) {
  constexpr auto kKeys =
      std::to_array<std::string_view>({"type", "nx", "ny", "spacing", "major_radius", "minor_radius", "center"});
  generator.expect_only_keys(kKeys);
  ChainmailGenerator chainmail;
  particles::ChainmailLattice& lattice = chainmail.lattice;
  lattice.nx = as_positive_count(generator.child("nx"));
  lattice.ny = as_positive_count(generator.child("ny"));
  // The net has about 3 nx ny rings (flat rings and connectors).
  generator.child("ny").require_memory(
      3.0 * static_cast<double>(lattice.nx) * static_cast<double>(lattice.ny) * particles::kBytesPerBodyEstimate,
      "a " + std::to_string(lattice.nx) + " x " + std::to_string(lattice.ny) + " net");
  const YamlNodeReader spacing = generator.child("spacing");
  lattice.spacing = spacing.as_positive_double();
  lattice.ring.major_radius = generator.child("major_radius").as_positive_double();
  lattice.ring.minor_radius = generator.child("minor_radius").as_positive_double();
  if (lattice.ring.minor_radius >= lattice.ring.major_radius) {
    generator.child("minor_radius").fail("must be smaller than major_radius (a ring with a hole)");
  }
  if (const auto center = generator.optional_child("center")) lattice.center = center->as_vec3();
  const double separation = particles::chainmail_min_separation(lattice);
  if (!(separation > 0.0)) {
    std::ostringstream message;
    message << "the rings of this lattice overlap (smallest separation " << separation << "): increase the spacing";
    spacing.fail(message.str());
  }
  return chainmail;
}

}  // namespace

std::int64_t generated_count(const GeneratorSettings& generator) {
  if (const auto* random = std::get_if<RandomGenerator>(&generator)) return random->placement.count;
  return particles::chainmail_ring_count(std::get<ChainmailGenerator>(generator).lattice);
}

geometry::Shape generated_shape(const GeneratorSettings& generator) {
  if (const auto* random = std::get_if<RandomGenerator>(&generator)) return random->placement.shape;
  return std::get<ChainmailGenerator>(generator).lattice.ring;
}

std::vector<GeneratorSettings> read_generators_section(const YamlNodeReader& section) {
  std::vector<GeneratorSettings> generators;
  for (std::size_t i = 0; i < section.size(); ++i) {
    const YamlNodeReader generator = section.element(i);
    generator.expect_map();
    if (as_choice(generator.child("type"), {"random", "chainmail"}, "generator type") == "chainmail") {
      generators.emplace_back(read_chainmail_generator(generator));
    } else {
      generators.emplace_back(read_random_generator(generator));
    }
  }
  return generators;
}

}  // namespace relcp::io
