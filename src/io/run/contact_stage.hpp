#pragma once
// Where contact resolution enters the step loop. After the bodies' velocities follow from the
// external forces (BodyMotion::update_velocities) and before the configuration update, a
// contact stage may correct the owned bodies' velocities so that the update is free of overlap
// (docs/design.md, "The data's way through one step"). `collision.strategy: none` does nothing.
//
// Every strategy of the collision layer's table (collision/strategies/strategy_registry.hpp)
// runs through the resolver's stage (resolver_contact_stage.hpp); a new one adds nothing here.

#include <memory>
#include <vector>

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
  // Local: this rank's state between steps, for checkpoints (empty: none), and back.
  virtual std::vector<double> saved_state() const { return {}; }
  virtual void restore_state(const std::vector<double>& /*state*/) {}
  // Local, on a restart on another rank count, once `store` owns its bodies: from the saved
  // states of every rank of the writing run, what belongs to this rank's bodies.
  virtual void adopt_states(const std::vector<std::vector<double>>& /*states*/,
                            const particles::ParticleStore& /*store*/) {}
};

// No contacts: bodies pass through each other.
class NoContacts final : public ContactStage {
 public:
  collision::ContactStepReport resolve(particles::ParticleStore&, double, bool) override { return {}; }
};

std::unique_ptr<ContactStage> make_contact_stage(const Scenario& scenario);

}  // namespace relcp::io
