#include "particles/domain.hpp"

#include <cmath>

#include "core/error.hpp"

namespace relcp::particles {

Vec3 Domain::wrap(const Vec3& position) const {
  Vec3 wrapped = position;
  for (int axis = 0; axis < 3; ++axis) {
    if (!periodic[axis]) continue;
    if (position[axis] >= lower[axis] && position[axis] < upper[axis]) continue;  // the usual case
    const double period = length(axis);
    double x = position[axis] - period * std::floor((position[axis] - lower[axis]) / period);
    // Rounding can land exactly on the upper bound (x slightly below lower before wrapping).
    if (x >= upper[axis] || x < lower[axis]) x = lower[axis];
    wrapped[axis] = x;
  }
  return wrapped;
}

Vec3 Domain::minimum_image(const Vec3& separation) const {
  Vec3 image = separation;
  for (int axis = 0; axis < 3; ++axis) {
    if (!periodic[axis]) continue;
    const double period = length(axis);
    image[axis] -= period * std::round(separation[axis] / period);
  }
  return image;
}

void Domain::validate() const {
  for (int axis = 0; axis < 3; ++axis) {
    if (!periodic[axis]) continue;
    if (!(std::isfinite(lower[axis]) && std::isfinite(upper[axis]) && upper[axis] > lower[axis])) {
      throw InputError("domain", "periodic axis " + std::to_string(axis) + " needs finite bounds with upper > lower");
    }
  }
}

}  // namespace relcp::particles
