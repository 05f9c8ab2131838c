#include "dynamics/local_drag_mobility.hpp"

#include "core/error.hpp"
#include "geometry/shapes/shape_properties.hpp"

namespace relcp::dynamics {

LocalDragMobility::LocalDragMobility(double drag) : drag_(drag) {
  if (!(drag > 0.0)) throw InputError("xi", "the drag coefficient must be positive");
}

double LocalDragMobility::translational(const geometry::Shape& shape) const {
  return 1.0 / (drag_ * geometry::drag_length(shape));
}

double LocalDragMobility::rotational(const geometry::Shape& shape) const {
  const double length = geometry::drag_length(shape);
  return 12.0 / (drag_ * length * length * length);
}

BodyVelocity LocalDragMobility::apply(const geometry::Shape& shape, const Vec3& force, const Vec3& torque) const {
  const double length = geometry::drag_length(shape);
  const double translational_mobility = 1.0 / (drag_ * length);
  const double rotational_mobility = 12.0 * translational_mobility / (length * length);
  return BodyVelocity{translational_mobility * force, rotational_mobility * torque};
}

}  // namespace relcp::dynamics
