#pragma once
// Inertial dynamics (paper eqs. 3-6), semi-implicit Euler: U <- U + dt M^-1 F with mass and
// lab-frame inertia from the density, then C <- C + dt G U with the new U (exact rotation).
// As in eq. 3 (M U' = F) there is no gyroscopic term omega x I omega.

#include <span>

#include "particles/body.hpp"

namespace relcp::dynamics {

class InertialIntegrator {
 public:
  // Throws InputError (key "density") unless density > 0.
  explicit InertialIntegrator(double density, bool monolayer = false);

  double density() const { return density_; }
  bool monolayer() const { return monolayer_; }

  void update_velocities(std::span<particles::Body> bodies, double dt) const;
  void advance(std::span<particles::Body> bodies, double dt) const;
  void step(std::span<particles::Body> bodies, double dt) const {
    update_velocities(bodies, dt);
    advance(bodies, dt);
  }

 private:
  double density_;
  bool monolayer_;
};

}  // namespace relcp::dynamics
