#include "dynamics/inertial_integrator.hpp"

#include "core/error.hpp"
#include "core/parallel_loops.hpp"
#include "dynamics/configuration_update.hpp"
#include "dynamics/mass_properties.hpp"
#include "dynamics/planar_motion.hpp"

namespace relcp::dynamics {

InertialIntegrator::InertialIntegrator(double density, bool monolayer) : density_(density), monolayer_(monolayer) {
  if (!(density > 0.0)) throw InputError("density", "must be positive");
}

void InertialIntegrator::update_velocities(std::span<particles::Body> bodies, double dt) const {
  const auto n = static_cast<std::ptrdiff_t>(bodies.size());
#pragma omp parallel for if (n > kParallelMinimumBodies) schedule(static)
  for (std::ptrdiff_t i = 0; i < n; ++i) {
    particles::Body& body = bodies[static_cast<std::size_t>(i)];
    body.velocity += dt / mass_of(body.shape, density_) * body.force;
    body.angular_velocity += dt * (lab_inverse_inertia(body.shape, body.pose.orientation, density_) * body.torque);
  }
  if (monolayer_) project_velocities_to_plane(bodies);
}

void InertialIntegrator::advance(std::span<particles::Body> bodies, double dt) const {
  advance_configuration(bodies, dt);
  if (monolayer_) project_configuration_to_plane(bodies);
}

}  // namespace relcp::dynamics
