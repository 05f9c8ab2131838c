#include "dynamics/overdamped_integrator.hpp"

#include "core/parallel_loops.hpp"
#include "dynamics/configuration_update.hpp"
#include "dynamics/planar_motion.hpp"

namespace relcp::dynamics {

void OverdampedIntegrator::compute_velocities(std::span<particles::Body> bodies) const {
  const auto n = static_cast<std::ptrdiff_t>(bodies.size());
#pragma omp parallel for if (n > kParallelMinimumBodies) schedule(static)
  for (std::ptrdiff_t i = 0; i < n; ++i) {
    particles::Body& body = bodies[static_cast<std::size_t>(i)];
    const BodyVelocity velocity = mobility_.apply(body.shape, body.force, body.torque);
    body.velocity = velocity.linear;
    body.angular_velocity = velocity.angular;
  }
  if (monolayer_) project_velocities_to_plane(bodies);
}

void OverdampedIntegrator::advance(std::span<particles::Body> bodies, double dt) const {
  advance_configuration(bodies, dt);
  if (monolayer_) project_configuration_to_plane(bodies);
}

}  // namespace relcp::dynamics
