#include "io/initial_bodies.hpp"

#include "core/error.hpp"

namespace relcp::io {

std::uint64_t generator_seed(std::uint64_t scenario_seed, std::size_t index) {
  // Odd multiplier: a bijection of the index, so two generators never share a seed.
  return scenario_seed ^ ((static_cast<std::uint64_t>(index) + 1) * 0xd1b54a32d192ed03ULL);
}

std::vector<particles::Body> build_initial_bodies(const Scenario& scenario) {
  std::vector<particles::Body> bodies;
  for (const ListedBody& listed : scenario.bodies) {
    particles::Body body;
    body.id = static_cast<GlobalId>(bodies.size());
    body.shape = listed.description.shape;
    body.pose = listed.description.pose;
    body.velocity = listed.velocity;
    body.angular_velocity = listed.angular_velocity;
    bodies.push_back(body);
  }
  for (std::size_t g = 0; g < scenario.generators.size(); ++g) {
    const RandomGenerator& generator = scenario.generators[g];
    particles::RandomPlacement placement = generator.placement;
    placement.seed = generator_seed(scenario.simulation.seed, g);
    placement.first_id = static_cast<GlobalId>(bodies.size());
    try {
      const std::vector<particles::Body> placed =
          particles::place_random_bodies(placement, scenario.domain, bodies);
      bodies.insert(bodies.end(), placed.begin(), placed.end());
    } catch (const InputError& error) {
      generator.count_location.fail(error.message());
    }
  }
  return bodies;
}

}  // namespace relcp::io
