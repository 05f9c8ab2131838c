#pragma once
// The block-diagonal mobility of a rank's owned bodies for the contact operator: overdamped
// local drag (paper eq. 27) or, inertial, the inverse mass and lab-frame inverse inertia;
// projected onto the planar velocities [u_x, u_y, omega_z] in a monolayer.

#include <span>

#include "collision/assembly/block_diagonal_mobility.hpp"
#include "collision/assembly/contact_dynamics.hpp"
#include "particles/body.hpp"

namespace relcp::collision {

BlockDiagonalMobility body_mobility(std::span<const particles::Body> owned, const ContactDynamics& dynamics);

// The scale s of A = s J M J^T: dt (overdamped) or dt^2 (inertial).
inline double operator_scale(const ContactDynamics& dynamics, double dt) { return dynamics.inertial ? dt * dt : dt; }

}  // namespace relcp::collision
