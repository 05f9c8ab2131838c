#include "io/scenario/scenario_validation.hpp"

#include <algorithm>
#include <cmath>
#include <iomanip>
#include <sstream>
#include <variant>

#include "collision/solvers/distributed_solver_registry.hpp"
#include "collision/strategies/strategy_registry.hpp"
#include "geometry/multisphere/multisphere.hpp"
#include "io/scenario/search_work_estimate.hpp"

namespace relcp::io {
namespace {

std::int64_t body_count(const Scenario& scenario) {
  std::int64_t count = static_cast<std::int64_t>(scenario.bodies.size());
  for (const GeneratorSettings& generator : scenario.generators) count += generated_count(generator);
  return count;
}

void expect_some_bodies(const Scenario& scenario) {
  if (body_count(scenario) > 0) return;
  scenario.marks.bodies.fail("no bodies at all: list some here or add a generator with count > 0");
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
void expect_divisible_rods(const Scenario& scenario) {
  double largest_rod_radius = 0.0;
  for (const geometry::Shape& shape : shapes_in(scenario)) {
    if (const auto* rod = std::get_if<geometry::Spherocylinder>(&shape)) {
      largest_rod_radius = std::max(largest_rod_radius, rod->radius);
    }
  }
  if (scenario.growth->divide_at < 4.0 * largest_rod_radius) {
    scenario.marks.growth_divide_at.fail("must be at least 4 x the largest spherocylinder radius (" +
                                         std::to_string(4.0 * largest_rod_radius) +
                                         "): each daughter needs its two caps");
  }
}

// A cell's length grows by exp(rate dt) per step: more than doubling in one step outruns the
// contact resolution, and a huge rate overflows the lengths to infinity.
void expect_bounded_growth_per_step(const Scenario& scenario) {
  const double per_step = scenario.growth->rate * scenario.simulation.dt;
  if (per_step > std::log(2.0)) {
    std::ostringstream what;
    what << std::setprecision(3) << "rate x simulation.dt = " << per_step << " would grow a cell by exp(" << per_step
         << ") in one step; it must be at most ln 2 = 0.693";
    scenario.marks.growth_rate.fail(what.str());
  }
}

// Spheres are their own decomposition whatever the count (collision/detection/pair_constraints.cpp).
void expect_valid_multisphere_count(const Scenario& scenario) {
  if (!scenario.marks.multisphere_count) return;
  const int count = scenario.collision.contact.strategy.multisphere_count;
  for (const geometry::Shape& shape : shapes_in(scenario)) {
    if (std::holds_alternative<geometry::Sphere>(shape)) continue;
    if (const auto problem = geometry::multisphere_count_problem(shape, count)) {
      scenario.marks.multisphere_count->fail("must suit every shape of the scenario: " + *problem);
    }
  }
}

// Refuse a search whose candidate pairs cannot fit in memory (a huge buffer makes every pair one).
void expect_searchable(const Scenario& scenario) {
  if (!scenario.collision.enabled) return;
  const double pairs = estimated_candidate_pairs(scenario);
  std::ostringstream what;
  what << "about " << std::setprecision(3) << pairs << " candidate contact pairs";
  scenario.marks.search_buffer.require_memory(pairs * kBytesPerCandidatePair, what.str());
}

// Only the contact strategies know walls; without them bodies would pass through.
void expect_contacts_for_walls(const Scenario& scenario) {
  if (scenario.walls.empty() || scenario.collision.enabled) return;
  scenario.marks.walls.fail("walls need collision.strategy " + listed(collision::contact_strategy_names(), " or "));
}

// The first of the collision section's and the walls' friction keys (kFrictionCoefficientKeys from
// `first_kind` on: 0 sliding, 1 rolling, 2 spinning) that asks for friction, if any.
const SourceMark* friction_request(const Scenario& scenario, std::size_t first_kind = 0) {
  const auto coefficients = scenario.collision.contact.friction.coefficients.all();
  for (std::size_t k = first_kind; k < coefficients.size(); ++k) {
    if (coefficients[k]->pairs > 0.0) return &scenario.marks.pair_friction[k];
    const std::vector<double>& walls = coefficients[k]->walls;
    for (std::size_t i = 0; i < walls.size(); ++i) {
      if (walls[i] > 0.0) return &scenario.marks.wall_friction[k].at(i);
    }
  }
  return nullptr;
}

// Friction acts through the contact solver's cones, on inertial bodies (docs/friction.md).
void expect_friction_supported(const Scenario& scenario) {
  const SourceMark* request = friction_request(scenario);
  if (request == nullptr) return;
  if (!scenario.collision.enabled) {
    request->fail("friction needs collision.strategy " + listed(collision::contact_strategy_names(), " or "));
  }
  if (scenario.dynamics.kind != DynamicsKind::inertial) {
    request->fail(
        "friction needs dynamics.type inertial; Coulomb friction in overdamped "
        "motion is not implemented (docs/friction.md)");
  }
  const collision::SolverSettings& solver = scenario.collision.contact.solver;
  if (!collision::distributed_solver(solver.name).capabilities.friction_cones) {
    scenario.marks.solver.fail(
        "friction needs solver " +
        listed(collision::distributed_solver_names_with(&collision::DistributedSolverCapabilities::friction_cones),
               " or ") +
        " (they project onto the friction cones), not " + solver.name);
  }
  if (solver.backend == collision::ComputeBackend::cuda) {
    if (const SourceMark* rotation = friction_request(scenario, 1)) {
      rotation->fail(
          "rolling and spinning resistance need collision.backend cpu: the CUDA contact space projects "
          "Coulomb cones only (docs/gpu.md)");
    }
  }
}

// Gravity is m g, and only inertial bodies have a mass.
void expect_gravity_supported(const Scenario& scenario) {
  if (scenario.dynamics.kind == DynamicsKind::inertial) return;
  for (std::size_t i = 0; i < scenario.forces.size(); ++i) {
    if (std::holds_alternative<GravitySettings>(scenario.forces[i])) {
      scenario.marks.force_types.at(i).fail(
          "gravity needs dynamics.type inertial (its force is the mass from dynamics.density times g)");
    }
  }
}

}  // namespace

void validate_scenario(const Scenario& scenario) {
  expect_some_bodies(scenario);
  if (scenario.growth) {
    expect_divisible_rods(scenario);
    expect_bounded_growth_per_step(scenario);
  }
  expect_valid_multisphere_count(scenario);
  expect_searchable(scenario);
  expect_contacts_for_walls(scenario);
  expect_friction_supported(scenario);
  expect_gravity_supported(scenario);
}

}  // namespace relcp::io
