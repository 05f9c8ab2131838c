#pragma once
// Overdamped dynamics (paper eqs. 8-9): U = M F with the local drag mobility, then the explicit
// left-sided step C <- C + dt G U with the exact rotation.

#include <span>

#include "dynamics/local_drag_mobility.hpp"
#include "particles/body.hpp"

namespace relcp::dynamics {

class OverdampedIntegrator {
 public:
  explicit OverdampedIntegrator(LocalDragMobility mobility, bool monolayer = false)
      : mobility_(mobility), monolayer_(monolayer) {}

  const LocalDragMobility& mobility() const { return mobility_; }
  bool monolayer() const { return monolayer_; }

  // Body::velocity and Body::angular_velocity from Body::force and Body::torque.
  void compute_velocities(std::span<particles::Body> bodies) const;
  // The configuration update from the stored velocities.
  void advance(std::span<particles::Body> bodies, double dt) const;
  void step(std::span<particles::Body> bodies, double dt) const {
    compute_velocities(bodies);
    advance(bodies, dt);
  }

 private:
  LocalDragMobility mobility_;
  bool monolayer_;
};

}  // namespace relcp::dynamics
