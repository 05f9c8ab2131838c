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
  const Mat3 body_inverse = geometry::body_inertia(shape, density).inverse();
  // An isotropic inertia (a sphere's) is the same in every frame: rotating it would only add
  // rounding off the diagonal, which makes the contact mobility keep 36 numbers per body instead
  // of 6 (collision/assembly/block_diagonal_mobility).
  if (body_inverse.isApprox(body_inverse(0, 0) * Mat3::Identity(), 0.0)) return body_inverse;
  const Mat3 rotation = orientation.toRotationMatrix();
  return rotation * body_inverse * rotation.transpose();
}

}  // namespace relcp::dynamics
