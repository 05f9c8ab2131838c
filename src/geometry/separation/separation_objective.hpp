#pragma once
// The shared-normal separation of two convex bodies as a function of the normal (docs/geometry.md,
// "Semantics"): Phi(nu) = (x_b - x_a).nu - h_a(nu) - h_b(-nu). The balls of both bodies only
// shift Phi by -(r_a + r_b), so this works with the cores (points, ellipsoids, at most one
// segment) and adds the radii back in contact_points():
//   Phi_core(nu) = offset.nu - S(nu) - half_length |axis.nu|,
// S being the sum of the ellipsoid cores' support functions (even, so B's enters at nu too).
// Phi_core is concave and 1-homogeneous on R^3; the segment term has a kink on the great
// circle axis.nu = 0 (the "ridge": a flat side of the spherocylinder faces the other body).

#include "core/types.hpp"
#include "geometry/separation/signed_separation.hpp"
#include "geometry/shapes/support_function.hpp"

namespace relcp::geometry {

class SeparationObjective {
 public:
  // Throws std::invalid_argument when both cores are segments (use segment_distance.hpp).
  SeparationObjective(const ConvexSupport& a, const Vec3& centre_a, const ConvexSupport& b, const Vec3& centre_b);

  // Derivatives at a unit nu. `side` picks the segment's supporting end: +1 or -1 for the
  // hemisphere sign(axis.nu) (the objective there is smooth), 0 on the ridge, where the
  // segment coefficient is the one that removes the gradient's axis component, clamped.
  struct Local {
    double phi = 0.0;                  // Phi_core(nu) on that side (= gradient.nu)
    Vec3 gradient;                     // Euclidean gradient, = y_b - y_a for the core support points
    Mat3 curvature;                    // Hessian of S (positive semidefinite); the segment adds none
    double segment_coefficient = 0.0;  // c in gradient = offset - grad S - c axis
    double ridge_multiplier = 0.0;     // unclamped c on the ridge; |.| > half_length: leave it
  };
  Local local(const Vec3& nu, int side) const;
  double value(const Vec3& nu) const;  // Phi_core(nu), any side

  // The contact of the normal nu with the given segment coefficient, radii included.
  SignedSeparation contact(const Vec3& nu, double segment_coefficient) const;

  bool has_segment() const { return has_segment_; }
  const Vec3& axis() const { return axis_; }
  double half_length() const { return half_length_; }
  const Vec3& offset() const { return offset_; }
  double radius_sum() const { return radius_a_ + radius_b_; }

 private:
  Vec3 centre_a_;
  Vec3 centre_b_;
  Vec3 offset_;
  Mat3 shape_a_ = Mat3::Zero();
  Mat3 shape_b_ = Mat3::Zero();
  bool ellipsoid_a_ = false;
  bool ellipsoid_b_ = false;
  bool has_segment_ = false;
  bool segment_on_a_ = false;
  Vec3 axis_ = Vec3::UnitZ();
  double half_length_ = 0.0;
  double radius_a_ = 0.0;
  double radius_b_ = 0.0;
};

}  // namespace relcp::geometry
