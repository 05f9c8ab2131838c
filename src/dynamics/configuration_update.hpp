#pragma once
// The explicit configuration update C <- C + dt G U from the bodies' stored velocities, with the
// exact rotation of the orientation (docs/geometry.md, "Quaternion kinematics").

#include <span>

#include "particles/body.hpp"

namespace relcp::dynamics {

void advance_configuration(std::span<particles::Body> bodies, double dt);

}  // namespace relcp::dynamics
