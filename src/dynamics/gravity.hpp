#pragma once
// Field `gravity`: the force m g on every body, m from the uniform density of the inertial
// dynamics (mass_properties.hpp); no torque about the centre of mass.

#include "core/types.hpp"
#include "dynamics/force_field.hpp"

namespace relcp::dynamics {

class Gravity final : public ForceField {
 public:
  // Throws std::invalid_argument unless density > 0.
  Gravity(const Vec3& acceleration, double density);
  const Vec3& acceleration() const { return acceleration_; }
  void add_to(std::span<particles::Body> bodies) const override;

 private:
  Vec3 acceleration_;
  double density_;
};

}  // namespace relcp::dynamics
