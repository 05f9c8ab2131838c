#pragma once
// Where contact resolution enters the step loop. After the bodies' velocities follow from the
// external forces (BodyMotion::update_velocities) and before the configuration update, a
// contact stage may correct the owned bodies' velocities so that the update is free of overlap
// (DESIGN.md, steps 1-4). `collision.strategy: none` does nothing.
//
// A strategy from the collision layer joins by an adapter here (a class deriving from
// ContactStage) and one case in make_contact_stage().

#include <memory>

#include "collision/strategies/contact_step_report.hpp"
#include "io/scenario/scenario.hpp"
#include "particles/particle_store.hpp"

namespace relcp::io {

class ContactStage {
 public:
  virtual ~ContactStage() = default;
  // Collective. `store`'s owned bodies carry this step's forces and velocities.
  // `record_network`: fill ContactStepReport::network (a snapshot follows the step).
  virtual collision::ContactStepReport resolve(particles::ParticleStore& store, double dt, bool record_network) = 0;
};

// No contacts: bodies pass through each other.
class NoContacts final : public ContactStage {
 public:
  collision::ContactStepReport resolve(particles::ParticleStore&, double, bool) override { return {}; }
};

std::unique_ptr<ContactStage> make_contact_stage(const Scenario& scenario);

}  // namespace relcp::io
