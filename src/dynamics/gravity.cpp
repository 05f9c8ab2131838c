#include "dynamics/gravity.hpp"

#include <stdexcept>

#include "dynamics/mass_properties.hpp"

namespace relcp::dynamics {

Gravity::Gravity(const Vec3& acceleration, double density) : acceleration_(acceleration), density_(density) {
  if (!(density > 0.0)) throw std::invalid_argument("Gravity: density must be positive");
}

void Gravity::add_to(std::span<particles::Body> bodies) const {
  for (particles::Body& body : bodies) body.force += mass_of(body.shape, density_) * acceleration_;
}

}  // namespace relcp::dynamics
