#include "io/scenario/initial_bodies.hpp"

#include <variant>

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
    const auto first_id = static_cast<GlobalId>(bodies.size());
    std::vector<particles::Body> made;
    if (const auto* chainmail = std::get_if<ChainmailGenerator>(&scenario.generators[g])) {
      particles::ChainmailLattice lattice = chainmail->lattice;
      lattice.first_id = first_id;
      made = particles::place_chainmail(lattice);
    } else {
      const auto& random = std::get<RandomGenerator>(scenario.generators[g]);
      particles::RandomPlacement placement = random.placement;
      placement.seed = generator_seed(scenario.simulation.seed, g);
      placement.first_id = first_id;
      try {
        made = particles::place_random_bodies(placement, scenario.domain, bodies);
      } catch (const InputError& error) {
        random.count_location.fail(error.message());
      }
    }
    bodies.insert(bodies.end(), made.begin(), made.end());
  }
  return bodies;
}

}  // namespace relcp::io
