#pragma once
// Field `constant`: the same force on every body, no torque.

#include "core/types.hpp"
#include "dynamics/force_field.hpp"

namespace relcp::dynamics {

class ConstantForce final : public ForceField {
 public:
  explicit ConstantForce(const Vec3& force) : force_(force) {}
  const Vec3& force() const { return force_; }
  void add_to(std::span<particles::Body> bodies) const override;

 private:
  Vec3 force_;
};

}  // namespace relcp::dynamics
