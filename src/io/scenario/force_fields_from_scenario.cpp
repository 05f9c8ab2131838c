#include "io/scenario/force_fields_from_scenario.hpp"

#include <memory>

#include "dynamics/body_force.hpp"
#include "dynamics/constant_force.hpp"
#include "dynamics/radial_force.hpp"

namespace relcp::io {
namespace {

std::unique_ptr<dynamics::ForceField> make_field(const RadialForceSettings& radial) {
  return std::make_unique<dynamics::RadialForce>(radial.center, radial.scale, radial.sign);
}

std::unique_ptr<dynamics::ForceField> make_field(const ConstantForceSettings& constant) {
  return std::make_unique<dynamics::ConstantForce>(constant.force);
}

std::unique_ptr<dynamics::ForceField> make_field(const BodyLoadSettings& load) {
  return std::make_unique<dynamics::BodyForce>(
      std::vector<dynamics::BodyLoad>{dynamics::BodyLoad{load.id, load.force, load.torque}});
}

}  // namespace

dynamics::ForceFields make_force_fields(const std::vector<ForceSettings>& forces) {
  dynamics::ForceFields fields;
  for (const ForceSettings& settings : forces) {
    fields.push_back(std::visit([](const auto& field) { return make_field(field); }, settings));
  }
  return fields;
}

}  // namespace relcp::io
