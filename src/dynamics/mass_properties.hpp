#pragma once
// Mass and lab-frame inertia of a body of uniform density (paper eq. 4).

#include "core/types.hpp"
#include "geometry/shapes/pose.hpp"
#include "geometry/shapes/shape.hpp"

namespace relcp::dynamics {

double mass_of(const geometry::Shape& shape, double density);
// R I_body R^T about the centre.
Mat3 lab_inertia(const geometry::Shape& shape, const Quaternion& orientation, double density);
// (R I_body R^T)^-1 = R I_body^-1 R^T.
Mat3 lab_inverse_inertia(const geometry::Shape& shape, const Quaternion& orientation, double density);

}  // namespace relcp::dynamics
