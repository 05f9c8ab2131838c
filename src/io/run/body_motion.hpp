#pragma once
// The scenario's dynamics (overdamped or inertial) behind one interface for the step loop:
// first velocities from the bodies' forces, then the configuration update with those
// velocities. A contact stage may correct the velocities in between.

#include <span>
#include <variant>

#include "dynamics/inertial_integrator.hpp"
#include "dynamics/overdamped_integrator.hpp"
#include "io/scenario/scenario.hpp"
#include "particles/body.hpp"

namespace relcp::io {

class BodyMotion {
 public:
  BodyMotion(const DynamicsSettings& settings, bool monolayer);

  // Overdamped: U = M F. Inertial: U <- U + dt M^-1 F.
  void update_velocities(std::span<particles::Body> bodies, double dt) const;
  // C <- C + dt G U (exact rotation), projected to the plane in a monolayer.
  void advance(std::span<particles::Body> bodies, double dt) const;

 private:
  std::variant<dynamics::OverdampedIntegrator, dynamics::InertialIntegrator> integrator_;
};

}  // namespace relcp::io
