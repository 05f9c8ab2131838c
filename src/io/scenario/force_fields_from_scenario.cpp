#include "io/scenario/force_fields_from_scenario.hpp"

#include <memory>

#include "dynamics/body_force.hpp"
#include "dynamics/constant_force.hpp"
#include "dynamics/gravity.hpp"
#include "dynamics/radial_force.hpp"

namespace relcp::io {
namespace {

struct FieldMaker {
  double density;

  std::unique_ptr<dynamics::ForceField> operator()(const RadialForceSettings& radial) const {
    return std::make_unique<dynamics::RadialForce>(radial.center, radial.scale, radial.sign);
  }
  std::unique_ptr<dynamics::ForceField> operator()(const ConstantForceSettings& constant) const {
    return std::make_unique<dynamics::ConstantForce>(constant.force);
  }
  std::unique_ptr<dynamics::ForceField> operator()(const BodyLoadSettings& load) const {
    return std::make_unique<dynamics::BodyForce>(
        std::vector<dynamics::BodyLoad>{dynamics::BodyLoad{load.id, load.force, load.torque}});
  }
  std::unique_ptr<dynamics::ForceField> operator()(const GravitySettings& gravity) const {
    return std::make_unique<dynamics::Gravity>(gravity.acceleration, density);
  }
};

}  // namespace

dynamics::ForceFields make_force_fields(const std::vector<ForceSettings>& forces, double density) {
  dynamics::ForceFields fields;
  for (const ForceSettings& settings : forces) fields.push_back(std::visit(FieldMaker{density}, settings));
  return fields;
}

}  // namespace relcp::io
