#include "io/scenario/scenario_reader.hpp"

#include <array>
#include <string>

#include "io/scenario/scenario_sections.hpp"
#include "io/scenario/scenario_validation.hpp"
#include "io/yaml/scenario_overrides.hpp"

namespace relcp::io {
namespace {

constexpr auto kSections = std::to_array<std::string_view>(
    {"simulation", "domain", "dynamics", "bodies", "generators", "forces", "growth", "collision", "walls", "parallel"});

// The mark of `key` in `section`; where it was not written, the section's line with the key's path.
SourceMark child_mark(const YamlNodeReader& section, std::string_view key) {
  if (const auto child = section.optional_child(key)) return child->mark();
  return {section.file(), section.line(), section.key_path() + "." + std::string(key)};
}

// Each element's mark of `key` in a sequence section.
std::vector<SourceMark> element_marks(const YamlNodeReader& section, std::string_view key) {
  std::vector<SourceMark> marks;
  for (std::size_t i = 0; i < section.size(); ++i) marks.push_back(child_mark(section.element(i), key));
  return marks;
}

}  // namespace

Scenario read_scenario(const YamlNodeReader& root) {
  root.expect_map();
  root.expect_only_keys(kSections);
  Scenario scenario;
  ScenarioMarks& marks = scenario.marks;
  scenario.file = root.file();
  scenario.simulation = read_simulation_section(root.child("simulation"));
  if (const auto domain = root.optional_child("domain")) scenario.domain = read_domain_section(*domain);
  scenario.dynamics = read_dynamics_section(root.child("dynamics"));
  const YamlNodeReader bodies_or_document = root.has("bodies") ? root.child("bodies") : root;
  marks.bodies = YamlNodeReader(bodies_or_document.node(), root.file(), "bodies").mark();
  if (const auto bodies = root.optional_child("bodies")) scenario.bodies = read_bodies_section(*bodies);
  if (const auto generators = root.optional_child("generators")) {
    scenario.generators = read_generators_section(*generators);
  }
  if (const auto forces = root.optional_child("forces")) {
    scenario.forces = read_forces_section(*forces);
    marks.force_types = element_marks(*forces, "type");
  }
  if (const auto growth = root.optional_child("growth")) {
    scenario.growth = read_growth_section(*growth);
    scenario.growth->seed = scenario.simulation.seed;
    marks.growth_rate = child_mark(*growth, "rate");
    marks.growth_divide_at = child_mark(*growth, "divide_at");
  }
  if (const auto collision = root.optional_child("collision")) {
    scenario.collision = read_collision_section(*collision);
    marks.search_buffer =
        collision->has("search_buffer") ? collision->child("search_buffer").mark() : collision->mark();
    if (const auto count = collision->optional_child("multisphere_count")) marks.multisphere_count = count->mark();
    marks.solver = child_mark(*collision, "solver");
    marks.preconditioner = child_mark(*collision, "preconditioner");
    for (std::size_t k = 0; k < kFrictionCoefficientKeys.size(); ++k) {
      marks.pair_friction[k] = child_mark(*collision, kFrictionCoefficientKeys[k]);
    }
  }
  if (const auto walls = root.optional_child("walls")) {
    WallsSection section = read_walls_section(*walls);
    scenario.walls = std::move(section.walls);
    const auto coefficients = scenario.collision.contact.friction.coefficients.all();
    coefficients[0]->walls = std::move(section.friction);
    coefficients[1]->walls = std::move(section.rolling_friction);
    coefficients[2]->walls = std::move(section.spinning_friction);
    marks.walls = walls->mark();
    for (std::size_t k = 0; k < kFrictionCoefficientKeys.size(); ++k) {
      marks.wall_friction[k] = element_marks(*walls, kFrictionCoefficientKeys[k]);
    }
  }
  if (const auto parallel = root.optional_child("parallel")) {
    scenario.parallel = read_parallel_section(*parallel);
  }
  validate_scenario(scenario);
  return scenario;
}

Scenario load_scenario(const std::string& path, const std::vector<std::string>& overrides) {
  YAML::Node document = load_yaml_file(path);
  for (const std::string& assignment : overrides) apply_override(document, assignment, path);
  return read_scenario(YamlNodeReader(document, path));
}

}  // namespace relcp::io
