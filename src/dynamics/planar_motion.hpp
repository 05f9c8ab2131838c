#pragma once
// `monolayer: true`: bodies move in the z = 0 plane. Velocities keep only their in-plane
// translation and the rotation about z; configurations are put back exactly into the plane
// (centre z = 0, and for spherocylinders the axis in the xy-plane) after every update.

#include <span>

#include "particles/body.hpp"

namespace relcp::dynamics {

void project_velocities_to_plane(std::span<particles::Body> bodies);
void project_configuration_to_plane(std::span<particles::Body> bodies);

}  // namespace relcp::dynamics
