#include "geometry/shapes/support_function.hpp"

#include <cmath>
#include <stdexcept>
#include <variant>

namespace relcp::geometry {

ConvexSupport ConvexSupport::of(const Sphere& sphere) {
  ConvexSupport support;
  support.radius_ = sphere.radius;
  support.bounding_radius_ = sphere.radius;
  return support;
}

ConvexSupport ConvexSupport::of(const Ellipsoid& ellipsoid, const Quaternion& orientation) {
  ConvexSupport support;
  support.core_ = Core::ellipsoid;
  support.principal_axes_ = orientation.toRotationMatrix();
  const Mat3& rotation = support.principal_axes_;
  support.shape_matrix_ = rotation * ellipsoid.radii.cwiseAbs2().asDiagonal() * rotation.transpose();
  support.bounding_radius_ = ellipsoid.radii.maxCoeff();
  const Vec3 radii = ellipsoid.radii.cwiseAbs();
  support.core_rolling_radius_ = radii.maxCoeff() > 0.0 ? radii.minCoeff() * radii.minCoeff() / radii.maxCoeff() : 0.0;
  return support;
}

ConvexSupport ConvexSupport::of(const Spherocylinder& spherocylinder, const Quaternion& orientation) {
  ConvexSupport support;
  support.core_ = Core::segment;
  support.principal_axes_ = orientation.toRotationMatrix();
  support.axis_ = support.principal_axes_.col(2);
  support.half_length_ = 0.5 * spherocylinder.length;
  support.radius_ = spherocylinder.radius;
  support.bounding_radius_ = support.half_length_ + spherocylinder.radius;
  return support;
}

namespace {

// One overload per shape, so that a shape without its case does not compile.
ConvexSupport support_of(const Sphere& sphere, const Quaternion&) { return ConvexSupport::of(sphere); }
ConvexSupport support_of(const Ellipsoid& ellipsoid, const Quaternion& orientation) {
  return ConvexSupport::of(ellipsoid, orientation);
}
ConvexSupport support_of(const Spherocylinder& rod, const Quaternion& orientation) {
  return ConvexSupport::of(rod, orientation);
}
ConvexSupport support_of(const Torus&, const Quaternion&) {
  throw std::invalid_argument("ConvexSupport: a torus has no convex support function");
}

}  // namespace

ConvexSupport ConvexSupport::of(const Shape& shape, const Quaternion& orientation) {
  return std::visit([&orientation](const auto& body) { return support_of(body, orientation); }, shape);
}

double ConvexSupport::value(const Vec3& nu) const {
  switch (core_) {
    case Core::ellipsoid:
      return std::sqrt(nu.dot(shape_matrix_ * nu)) + radius_;
    case Core::segment:
      return half_length_ * std::abs(axis_.dot(nu)) + radius_;
    case Core::point:
      break;
  }
  return radius_;
}

Vec3 ConvexSupport::gradient(const Vec3& nu) const {
  Vec3 point = radius_ * nu;
  switch (core_) {
    case Core::ellipsoid: {
      const Vec3 q_nu = shape_matrix_ * nu;
      point += q_nu / std::sqrt(nu.dot(q_nu));
      break;
    }
    case Core::segment: {
      // On a flat side (nu perpendicular to the axis) every segment point supports; the
      // midpoint is the deterministic choice.
      const double along = axis_.dot(nu);
      if (along != 0.0) point += std::copysign(half_length_, along) * axis_;
      break;
    }
    case Core::point:
      break;
  }
  return point;
}

Mat3 ConvexSupport::hessian(const Vec3& nu) const {
  // The ball's h = radius |nu| contributes radius (I - nu nu^T); a segment core is piecewise
  // linear (zero Hessian away from its flat sides, where h has a kink).
  Mat3 h = radius_ * (Mat3::Identity() - nu * nu.transpose());
  if (core_ == Core::ellipsoid) {
    const Vec3 q_nu = shape_matrix_ * nu;
    const double value_core = std::sqrt(nu.dot(q_nu));
    h += (shape_matrix_ - q_nu * q_nu.transpose() / (value_core * value_core)) / value_core;
  }
  return h;
}

}  // namespace relcp::geometry
