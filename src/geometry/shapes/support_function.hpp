#pragma once
// Support functions h(nu) = max_{p in body} (p - centre) . nu of the convex shapes, placed in the
// lab frame. Each shape is a Minkowski sum core + ball(radius) whose core is a point (sphere), an
// ellipsoid, or an axis segment (spherocylinder); support functions add under Minkowski sums,
// which is what the shared-normal signed distance (convex_separation.hpp) relies on.

#include "core/types.hpp"
#include "geometry/shapes/shape.hpp"

namespace relcp::geometry {

class ConvexSupport {
 public:
  enum class Core { point, ellipsoid, segment };

  static ConvexSupport of(const Sphere& sphere);
  static ConvexSupport of(const Ellipsoid& ellipsoid, const Quaternion& orientation);
  static ConvexSupport of(const Spherocylinder& spherocylinder, const Quaternion& orientation);
  // Throws std::invalid_argument for a torus, which is not convex.
  static ConvexSupport of(const Shape& shape, const Quaternion& orientation);

  // All three take a unit direction nu. The gradient is the support point relative to the
  // centre (the body point whose outward normal is nu); the Hessian is that of the
  // 1-homogeneous extension of h, so hessian(nu) * nu = 0.
  double value(const Vec3& nu) const;
  Vec3 gradient(const Vec3& nu) const;
  Mat3 hessian(const Vec3& nu) const;

  Core core() const { return core_; }
  // Ellipsoid core: Q = R diag(a^2, b^2, c^2) R^T, so that h_core(nu) = sqrt(nu^T Q nu).
  const Mat3& shape_matrix() const { return shape_matrix_; }
  // Segment core: centre +- half_length * axis (unit, lab frame).
  const Vec3& axis() const { return axis_; }
  double half_length() const { return half_length_; }
  double radius() const { return radius_; }
  double bounding_radius() const { return bounding_radius_; }
  // The radius of a ball that rolls freely inside the core (touches every boundary point from
  // inside): the smallest radius of curvature, a_min^2 / a_max for an ellipsoid core, 0 for a
  // point or a segment (Blaschke's rolling theorem).
  double core_rolling_radius() const { return core_rolling_radius_; }
  // Columns: the body axes in the lab frame (the identity for a sphere).
  const Mat3& principal_axes() const { return principal_axes_; }

 private:
  Core core_ = Core::point;
  Mat3 shape_matrix_ = Mat3::Zero();
  Mat3 principal_axes_ = Mat3::Identity();
  Vec3 axis_ = Vec3::UnitZ();
  double half_length_ = 0.0;
  double radius_ = 0.0;
  double bounding_radius_ = 0.0;
  double core_rolling_radius_ = 0.0;
};

}  // namespace relcp::geometry
