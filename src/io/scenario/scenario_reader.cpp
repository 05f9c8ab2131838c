#include "io/scenario/scenario_reader.hpp"

#include <algorithm>
#include <cmath>
#include <array>
#include <iomanip>
#include <optional>
#include <sstream>
#include <variant>

#include "io/scenario/scenario_sections.hpp"
#include "io/scenario/search_work_estimate.hpp"
#include "io/yaml/scenario_overrides.hpp"

namespace relcp::io {
namespace {

constexpr std::array<std::string_view, 10> kSections{"simulation", "domain",    "dynamics",
                                                     "bodies",     "generators", "forces",
                                                     "growth",     "collision", "walls",
                                                     "parallel"};

std::int64_t body_count(const Scenario& scenario) {
  std::int64_t count = static_cast<std::int64_t>(scenario.bodies.size());
  for (const GeneratorSettings& generator : scenario.generators) count += generated_count(generator);
  return count;
}

void expect_some_bodies(const YamlNodeReader& root, const Scenario& scenario) {
  if (body_count(scenario) > 0) return;
  const YamlNodeReader where = root.has("bodies") ? root.child("bodies") : root;
  YamlNodeReader(where.node(), where.file(), "bodies")
      .fail("no bodies at all: list some here or add a generator with count > 0");
}

// One entry per listed body and per generator (their bodies share one shape).
std::vector<geometry::Shape> shapes_in(const Scenario& scenario) {
  std::vector<geometry::Shape> shapes;
  for (const ListedBody& body : scenario.bodies) shapes.push_back(body.description.shape);
  for (const GeneratorSettings& generator : scenario.generators) {
    if (generated_count(generator) > 0) shapes.push_back(generated_shape(generator));
  }
  return shapes;
}

// Daughters of a dividing rod must not be shorter than their caps (dynamics::split_cell).
void expect_divisible_rods(const YamlNodeReader& growth_node, const Scenario& scenario) {
  double largest_rod_radius = 0.0;
  for (const geometry::Shape& shape : shapes_in(scenario)) {
    if (const auto* rod = std::get_if<geometry::Spherocylinder>(&shape)) {
      largest_rod_radius = std::max(largest_rod_radius, rod->radius);
    }
  }
  if (scenario.growth->divide_at < 4.0 * largest_rod_radius) {
    growth_node.child("divide_at")
        .fail("must be at least 4 x the largest spherocylinder radius (" +
              std::to_string(4.0 * largest_rod_radius) + "): each daughter needs its two caps");
  }
}

// A cell's length grows by exp(rate dt) per step: more than doubling in one step outruns the
// contact resolution, and a huge rate overflows the lengths to infinity.
void expect_bounded_growth_per_step(const YamlNodeReader& growth_node, const Scenario& scenario) {
  const double per_step = scenario.growth->rate * scenario.simulation.dt;
  if (per_step > std::log(2.0)) {
    std::ostringstream what;
    what << std::setprecision(3) << "rate x simulation.dt = " << per_step
         << " would grow a cell by exp(" << per_step << ") in one step; it must be at most ln 2 = 0.693";
    growth_node.child("rate").fail(what.str());
  }
}

// Refuse a search whose candidate pairs cannot fit in memory (a huge buffer makes every pair one).
void expect_searchable(const YamlNodeReader& collision_node, const Scenario& scenario) {
  if (scenario.collision.strategy == CollisionStrategy::none) return;
  const double pairs = estimated_candidate_pairs(scenario);
  const YamlNodeReader where =
      collision_node.has("search_buffer") ? collision_node.child("search_buffer") : collision_node;
  std::ostringstream what;
  what << "about " << std::setprecision(3) << pairs << " candidate contact pairs";
  where.require_memory(pairs * kBytesPerCandidatePair, what.str());
}

// Only the contact strategies know walls; without them bodies would pass through.
void expect_contacts_for_walls(const YamlNodeReader& walls_node, const Scenario& scenario) {
  if (scenario.walls.empty() || scenario.collision.strategy != CollisionStrategy::none) return;
  walls_node.fail("walls need collision.strategy single, multisphere or relcp");
}

// The first of collision.friction and the walls' friction keys that asks for friction, if any.
std::optional<YamlNodeReader> friction_request(const YamlNodeReader& root, const Scenario& scenario) {
  if (scenario.collision.contact.friction.pairs > 0.0) return root.child("collision").child("friction");
  for (std::size_t i = 0; i < scenario.wall_friction.size(); ++i) {
    if (scenario.wall_friction[i] > 0.0) return root.child("walls").element(i).child("friction");
  }
  return std::nullopt;
}

// Friction acts through the contact solver's cones, on inertial bodies (docs/friction.md).
void expect_friction_supported(const YamlNodeReader& root, const Scenario& scenario) {
  const auto request = friction_request(root, scenario);
  if (!request) return;
  if (scenario.collision.strategy == CollisionStrategy::none) {
    request->fail("friction needs collision.strategy single, multisphere or relcp");
  }
  if (scenario.dynamics.kind != DynamicsKind::inertial) {
    request->fail("friction needs dynamics.type inertial; Coulomb friction in overdamped "
                  "motion is not implemented (docs/friction.md)");
  }
  const collision::ContactSettings& contact = scenario.collision.contact;
  const YamlNodeReader collision = root.child("collision");
  if (contact.solver != "auto" && contact.solver != "apgd" && contact.solver != "bbpgd") {
    collision.child("solver").fail("friction needs solver auto, apgd or bbpgd (they project onto the "
                                   "friction cones), not " + contact.solver);
  }
  if (contact.preconditioner == collision::DistributedPreconditioner::jacobi) {
    collision.child("preconditioner").fail("jacobi scaling does not keep the friction cones: use none with friction");
  }
}

// Gravity is m g, and only inertial bodies have a mass.
void expect_gravity_supported(const YamlNodeReader& root, const Scenario& scenario) {
  if (scenario.dynamics.kind == DynamicsKind::inertial) return;
  for (std::size_t i = 0; i < scenario.forces.size(); ++i) {
    if (std::holds_alternative<GravitySettings>(scenario.forces[i])) {
      root.child("forces").element(i).child("type").fail(
          "gravity needs dynamics.type inertial (its force is the mass from dynamics.density times g)");
    }
  }
}

}  // namespace

Scenario read_scenario(const YamlNodeReader& root) {
  root.expect_map();
  root.expect_only_keys(kSections);
  Scenario scenario;
  scenario.file = root.file();
  scenario.simulation = read_simulation_section(root.child("simulation"));
  if (const auto domain = root.optional_child("domain")) scenario.domain = read_domain_section(*domain);
  scenario.dynamics = read_dynamics_section(root.child("dynamics"));
  if (const auto bodies = root.optional_child("bodies")) scenario.bodies = read_bodies_section(*bodies);
  if (const auto generators = root.optional_child("generators")) {
    scenario.generators = read_generators_section(*generators);
  }
  expect_some_bodies(root, scenario);
  if (const auto forces = root.optional_child("forces")) scenario.forces = read_forces_section(*forces);
  if (const auto growth = root.optional_child("growth")) {
    scenario.growth = read_growth_section(*growth);
    scenario.growth->seed = scenario.simulation.seed;
    expect_divisible_rods(*growth, scenario);
    expect_bounded_growth_per_step(*growth, scenario);
  }
  if (const auto collision = root.optional_child("collision")) {
    scenario.collision = read_collision_section(*collision, shapes_in(scenario));
    expect_searchable(*collision, scenario);
  }
  if (const auto walls = root.optional_child("walls")) {
    WallsSection section = read_walls_section(*walls);
    scenario.walls = std::move(section.walls);
    scenario.wall_friction = std::move(section.friction);
    expect_contacts_for_walls(*walls, scenario);
  }
  expect_friction_supported(root, scenario);
  expect_gravity_supported(root, scenario);
  if (const auto parallel = root.optional_child("parallel")) {
    scenario.parallel = read_parallel_section(*parallel);
  }
  return scenario;
}

Scenario load_scenario(const std::string& path, const std::vector<std::string>& overrides) {
  YAML::Node document = load_yaml_file(path);
  for (const std::string& assignment : overrides) apply_override(document, assignment, path);
  return read_scenario(YamlNodeReader(document, path));
}

}  // namespace relcp::io
