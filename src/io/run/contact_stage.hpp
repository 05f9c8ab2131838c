#pragma once
// Where contact resolution enters the step loop. After the bodies' velocities follow from the
// external forces (BodyMotion::update_velocities) and before the configuration update, a
// contact stage may correct the owned bodies' velocities so that the update is free of overlap
// (docs/design.md, "The data's way through one step"). `collision.strategy: none` does nothing.
//
// Every strategy of the collision layer's table (collision/strategies/strategy_registry.hpp)
// runs through the resolver's stage (resolver_contact_stage.hpp); a new one adds nothing here.

#include <cstdint>
#include <memory>
#include <vector>

#include "collision/assembly/contact_network.hpp"
#include "io/scenario/scenario.hpp"
#include "particles/particle_store.hpp"

namespace relcp::io {

// What one step's contact resolution did, summed or maximized over all ranks, and this rank's
// constraint network when it was asked for.
struct ContactReport {
  std::int64_t constraints = 0;
  std::int64_t relcp_iterations = 0;
  std::int64_t solver_iterations = 0;
  double max_overlap = 0.0;        // between the true surfaces
  double max_model_overlap = 0.0;  // what the strategy constrains (multisphere: sub-spheres)
  double detection_seconds = 0.0;  // ghosts, candidate pairs, separations (slowest rank)
  double assembly_seconds = 0.0;   // constraint rows, D, c, mobility (slowest rank)
  double solve_seconds = 0.0;      // LCP solves (slowest rank)
  double max_cone_violation = 0.0;      // friction: max(||f_t|| - mu f_n, 0)
  std::int64_t sticking_contacts = 0;   // friction: loaded contacts that do not slip
  std::int64_t sliding_contacts = 0;    // friction: loaded contacts that slip
  std::vector<collision::ContactLink> links;  // this rank's constraints, when recorded
};

class ContactStage {
 public:
  virtual ~ContactStage() = default;
  // Collective. `store`'s owned bodies carry this step's forces and velocities.
  // `record_network`: fill ContactReport::links (a snapshot follows the step).
  virtual ContactReport resolve(particles::ParticleStore& store, double dt, bool record_network) = 0;
};

// No contacts: bodies pass through each other.
class NoContacts final : public ContactStage {
 public:
  ContactReport resolve(particles::ParticleStore&, double, bool) override { return {}; }
};

std::unique_ptr<ContactStage> make_contact_stage(const Scenario& scenario);

}  // namespace relcp::io
