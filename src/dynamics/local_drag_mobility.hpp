#pragma once
// The local linear drag mobility of paper eq. 27: a uniform line of length l with drag xi per
// unit length, U = F / (xi l) and Omega = 12 T / (xi l^3), isotropic in direction and axis.
// l is geometry::drag_length (tip-to-tip for rods, 2 r_max for ellipsoids, see docs).

#include "core/types.hpp"
#include "geometry/shapes/shape.hpp"

namespace relcp::dynamics {

struct BodyVelocity {
  Vec3 linear = Vec3::Zero();
  Vec3 angular = Vec3::Zero();
};

class LocalDragMobility {
 public:
  // Throws InputError (key "xi") unless drag > 0.
  explicit LocalDragMobility(double drag = 1.0);

  double drag() const { return drag_; }
  double translational(const geometry::Shape& shape) const;  // 1 / (xi l)
  double rotational(const geometry::Shape& shape) const;     // 12 / (xi l^3)
  BodyVelocity apply(const geometry::Shape& shape, const Vec3& force, const Vec3& torque) const;

 private:
  double drag_;
};

}  // namespace relcp::dynamics
