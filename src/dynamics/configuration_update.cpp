#include "dynamics/configuration_update.hpp"

#include "core/parallel_loops.hpp"
#include "geometry/shapes/quaternion_kinematics.hpp"

namespace relcp::dynamics {

void advance_configuration(std::span<particles::Body> bodies, double dt) {
  const auto n = static_cast<std::ptrdiff_t>(bodies.size());
#pragma omp parallel for if (n > kParallelMinimumBodies) schedule(static)
  for (std::ptrdiff_t i = 0; i < n; ++i) {
    particles::Body& body = bodies[static_cast<std::size_t>(i)];
    body.pose = geometry::advance_pose(body.pose, body.velocity, body.angular_velocity, dt);
  }
}

}  // namespace relcp::dynamics
