#pragma once

namespace relcp::collision {

// The mobility model of the bodies: overdamped local drag (paper eq. 27, A = dt D^T M D) or
// inertial uniform density (A = dt^2 D^T M^-1 D). A monolayer (bodies in z = 0 turning about
// z) projects every block, P M P, so that the contact velocity dU is planar too.
struct ContactDynamics {
  bool inertial = false;
  double drag = 1.0;     // overdamped xi
  double density = 1.0;  // inertial
  bool monolayer = false;
};

}  // namespace relcp::collision
