#pragma once
// Field `body`: a force and a torque on listed bodies, by global id (entries for the same id
// add up; ids not on this rank are ignored here and applied by their owner).

#include <vector>

#include "core/types.hpp"
#include "dynamics/force_field.hpp"

namespace relcp::dynamics {

struct BodyLoad {
  GlobalId id = -1;
  Vec3 force = Vec3::Zero();
  Vec3 torque = Vec3::Zero();
};

class BodyForce final : public ForceField {
 public:
  explicit BodyForce(std::vector<BodyLoad> loads);
  void add_to(std::span<particles::Body> bodies) const override;

 private:
  std::vector<BodyLoad> loads_;  // one per id, sorted by id
};

}  // namespace relcp::dynamics
