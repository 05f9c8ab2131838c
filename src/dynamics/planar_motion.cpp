#include "dynamics/planar_motion.hpp"
#include "core/parallel_loops.hpp"

#include <variant>

namespace relcp::dynamics {

void project_velocities_to_plane(std::span<particles::Body> bodies) {
  const auto n = static_cast<std::ptrdiff_t>(bodies.size());
#pragma omp parallel for if (n > kParallelMinimumBodies) schedule(static)
  for (std::ptrdiff_t i = 0; i < n; ++i) {
    particles::Body& body = bodies[static_cast<std::size_t>(i)];
    body.velocity.z() = 0.0;
    body.angular_velocity.x() = 0.0;
    body.angular_velocity.y() = 0.0;
  }
}

void project_configuration_to_plane(std::span<particles::Body> bodies) {
  const auto n = static_cast<std::ptrdiff_t>(bodies.size());
#pragma omp parallel for if (n > kParallelMinimumBodies) schedule(static)
  for (std::ptrdiff_t i = 0; i < n; ++i) {
    particles::Body& body = bodies[static_cast<std::size_t>(i)];
    body.pose.position.z() = 0.0;
    if (!std::holds_alternative<geometry::Spherocylinder>(body.shape)) continue;
    // Turn the rod axis (body z) by the smallest rotation into the plane.
    const Vec3 axis = body.pose.orientation * Vec3::UnitZ();
    const Vec3 in_plane(axis.x(), axis.y(), 0.0);
    if (axis.z() == 0.0 || in_plane.squaredNorm() == 0.0) continue;
    const Quaternion correction = Quaternion::FromTwoVectors(axis, in_plane.normalized());
    body.pose.orientation = (correction * body.pose.orientation).normalized();
  }
}

}  // namespace relcp::dynamics
