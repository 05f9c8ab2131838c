#pragma once
// One reader per top-level section of a scenario file (docs/scenario.md). Each checks its
// section for unknown keys, types and ranges and throws InputError at the first problem.
// A new section gets its reader here and one entry in scenario_reader.cpp.

#include <span>
#include <vector>

#include "dynamics/cell_growth.hpp"
#include "io/scenario/collision_settings.hpp"
#include "io/scenario/scenario.hpp"
#include "io/yaml/yaml_node_reader.hpp"
#include "particles/domain.hpp"

namespace relcp::io {

SimulationSettings read_simulation_section(const YamlNodeReader& section);
particles::Domain read_domain_section(const YamlNodeReader& section);
DynamicsSettings read_dynamics_section(const YamlNodeReader& section);
std::vector<ListedBody> read_bodies_section(const YamlNodeReader& section);
std::vector<GeneratorSettings> read_generators_section(const YamlNodeReader& section);
std::vector<ForceSettings> read_forces_section(const YamlNodeReader& section);
// The seed is left 0: the scenario reader sets it to simulation.seed.
dynamics::GrowthOptions read_growth_section(const YamlNodeReader& section);
// multisphere_count is checked against the shapes by validate_scenario().
CollisionSettings read_collision_section(const YamlNodeReader& section);
// Half-spaces {point, normal}; the normal must be non-zero and is returned normalized.
// The walls, and each one's Coulomb coefficient (-1: collision.friction applies).
struct WallsSection {
  std::vector<geometry::HalfSpace> walls;
  // Each wall's coefficients (`friction`, `rolling_friction`, `spinning_friction`), or -1 where
  // it takes the collision section's.
  std::vector<double> friction, rolling_friction, spinning_friction;
};
WallsSection read_walls_section(const YamlNodeReader& section);
ParallelSettings read_parallel_section(const YamlNodeReader& section);

}  // namespace relcp::io
