#include "dynamics/mass_properties.hpp"

#include <Eigen/LU>

#include "geometry/shapes/shape_properties.hpp"

namespace relcp::dynamics {

double mass_of(const geometry::Shape& shape, double density) { return density * geometry::volume(shape); }

Mat3 lab_inertia(const geometry::Shape& shape, const Quaternion& orientation, double density) {
  const Mat3 rotation = orientation.toRotationMatrix();
  return rotation * geometry::body_inertia(shape, density) * rotation.transpose();
}

Mat3 lab_inverse_inertia(const geometry::Shape& shape, const Quaternion& orientation, double density) {
  const Mat3 rotation = orientation.toRotationMatrix();
  return rotation * geometry::body_inertia(shape, density).inverse() * rotation.transpose();
}

}  // namespace relcp::dynamics
