#pragma once
// One step of the simulation driver with either integrator (overdamped or inertial, optionally
// a monolayer): velocities from the bodies' forces, contact resolution, configuration update,
// migration. The resolver's ContactDynamics must describe the same model.

#include <variant>

#include "collision/strategies/contact_resolver.hpp"
#include "dynamics/inertial_integrator.hpp"
#include "dynamics/overdamped_integrator.hpp"
#include "particles/particle_store.hpp"

namespace relcp::collision::testing {

using Integrator = std::variant<dynamics::OverdampedIntegrator, dynamics::InertialIntegrator>;

inline Integrator integrator_for(const ContactDynamics& dynamics) {
  if (dynamics.inertial) return dynamics::InertialIntegrator(dynamics.density, dynamics.monolayer);
  return dynamics::OverdampedIntegrator(dynamics::LocalDragMobility(dynamics.drag), dynamics.monolayer);
}

inline ContactStepReport integrated_step(particles::ParticleStore& store, ContactResolver& resolver,
                                         const Integrator& integrator, double dt) {
  std::visit(
      [&](const auto& motion) {
        using Motion = std::decay_t<decltype(motion)>;
        if constexpr (std::is_same_v<Motion, dynamics::OverdampedIntegrator>) {
          motion.compute_velocities(store.owned());
        } else {
          motion.update_velocities(store.owned(), dt);
        }
      },
      integrator);
  const ContactStepReport report = resolver.resolve(store, dt);
  std::visit([&](const auto& motion) { motion.advance(store.owned(), dt); }, integrator);
  store.migrate();
  return report;
}

}  // namespace relcp::collision::testing
