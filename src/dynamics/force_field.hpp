#pragma once
// External force fields. Each adds its force and torque to the bodies' accumulators
// (Body::force, Body::torque); a step clears them, then applies every field.

#include <memory>
#include <span>
#include <vector>

#include "particles/body.hpp"

namespace relcp::dynamics {

class ForceField {
 public:
  virtual ~ForceField() = default;
  virtual void add_to(std::span<particles::Body> bodies) const = 0;
};

using ForceFields = std::vector<std::unique_ptr<ForceField>>;

void clear_forces(std::span<particles::Body> bodies);
// Clears the accumulators, then adds every field in order.
void apply_force_fields(const ForceFields& fields, std::span<particles::Body> bodies);

}  // namespace relcp::dynamics
