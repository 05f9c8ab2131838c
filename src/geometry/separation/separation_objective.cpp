#include "geometry/separation/separation_objective.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace relcp::geometry {

SeparationObjective::SeparationObjective(const ConvexSupport& a, const Vec3& centre_a, const ConvexSupport& b,
                                         const Vec3& centre_b)
    : centre_a_(centre_a),
      centre_b_(centre_b),
      offset_(centre_b - centre_a),
      radius_a_(a.radius()),
      radius_b_(b.radius()) {
  using Core = ConvexSupport::Core;
  if (a.core() == Core::segment && b.core() == Core::segment) {
    throw std::invalid_argument("SeparationObjective: two segment cores (use segment distance)");
  }
  ellipsoid_a_ = a.core() == Core::ellipsoid;
  ellipsoid_b_ = b.core() == Core::ellipsoid;
  if (ellipsoid_a_) shape_a_ = a.shape_matrix();
  if (ellipsoid_b_) shape_b_ = b.shape_matrix();
  const ConvexSupport* segment = a.core() == Core::segment ? &a : b.core() == Core::segment ? &b : nullptr;
  if (segment != nullptr && segment->half_length() > 0.0) {
    has_segment_ = true;
    segment_on_a_ = segment == &a;
    axis_ = segment->axis();
    half_length_ = segment->half_length();
  }
}

double SeparationObjective::value(const Vec3& nu) const {
  double phi = offset_.dot(nu);
  if (ellipsoid_a_) phi -= std::sqrt(nu.dot(shape_a_ * nu));
  if (ellipsoid_b_) phi -= std::sqrt(nu.dot(shape_b_ * nu));
  if (has_segment_) phi -= half_length_ * std::abs(axis_.dot(nu));
  return phi;
}

SeparationObjective::Local SeparationObjective::local(const Vec3& nu, int side) const {
  Local result;
  result.gradient = offset_;
  result.curvature.setZero();
  result.phi = offset_.dot(nu);
  const auto add_ellipsoid = [&](const Mat3& shape) {
    const Vec3 q_nu = shape * nu;
    const double h = std::sqrt(nu.dot(q_nu));
    result.phi -= h;
    result.gradient -= q_nu / h;
    result.curvature += (shape - q_nu * q_nu.transpose() / (h * h)) / h;
  };
  if (ellipsoid_a_) add_ellipsoid(shape_a_);
  if (ellipsoid_b_) add_ellipsoid(shape_b_);
  if (has_segment_) {
    const double along = axis_.dot(nu);
    if (side == 0) {
      result.ridge_multiplier = result.gradient.dot(axis_);
      result.segment_coefficient = std::clamp(result.ridge_multiplier, -half_length_, half_length_);
      result.phi -= half_length_ * std::abs(along);
    } else {
      result.segment_coefficient = side > 0 ? half_length_ : -half_length_;
      result.phi -= result.segment_coefficient * along;
    }
    result.gradient -= result.segment_coefficient * axis_;
  }
  return result;
}

SignedSeparation SeparationObjective::contact(const Vec3& nu, double segment_coefficient) const {
  // Core support points: A's in direction nu, B's in direction -nu.
  Vec3 core_a = centre_a_;
  Vec3 core_b = centre_b_;
  if (ellipsoid_a_) {
    const Vec3 q_nu = shape_a_ * nu;
    core_a += q_nu / std::sqrt(nu.dot(q_nu));
  }
  if (ellipsoid_b_) {
    const Vec3 q_nu = shape_b_ * nu;
    core_b -= q_nu / std::sqrt(nu.dot(q_nu));
  }
  if (has_segment_) {
    if (segment_on_a_) {
      core_a += segment_coefficient * axis_;
    } else {
      core_b -= segment_coefficient * axis_;
    }
  }
  SignedSeparation result;
  result.normal = nu;
  result.phi = (core_b - core_a).dot(nu) - radius_a_ - radius_b_;
  result.point_a = core_a + radius_a_ * nu;
  result.point_b = core_b - radius_b_ * nu;
  return result;
}

}  // namespace relcp::geometry
