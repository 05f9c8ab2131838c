#pragma once
// One rigid body as the particle store keeps it (owned or ghost copy).

#include "core/types.hpp"
#include "geometry/shapes/pose.hpp"
#include "geometry/shapes/shape.hpp"

namespace relcp::particles {

// What one body costs a run, across the particle store, its ghosts, contact detection and the
// output buffers: an upper estimate used to refuse body counts that cannot fit in memory.
inline constexpr double kBytesPerBodyEstimate = 4096.0;

struct Body {
  GlobalId id = -1;
  geometry::Shape shape;
  geometry::Pose pose;
  Vec3 velocity = Vec3::Zero();          // lab frame
  Vec3 angular_velocity = Vec3::Zero();  // lab frame
  Vec3 force = Vec3::Zero();             // total external force of the last step
  Vec3 torque = Vec3::Zero();
};

}  // namespace relcp::particles
