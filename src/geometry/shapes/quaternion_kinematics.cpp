#include "geometry/shapes/quaternion_kinematics.hpp"

#include <cmath>

namespace relcp::geometry {
namespace {

// sin(x) / x, accurate near zero where the quotient loses all digits.
double sinc(double x) {
  if (std::abs(x) < 1e-4) {
    const double x2 = x * x;
    return 1.0 - x2 / 6.0 + x2 * x2 / 120.0;
  }
  return std::sin(x) / x;
}

}  // namespace

Eigen::Vector4d to_wxyz(const Quaternion& q) { return {q.w(), q.x(), q.y(), q.z()}; }

Quaternion from_wxyz(const Eigen::Vector4d& wxyz) { return Quaternion(wxyz(0), wxyz(1), wxyz(2), wxyz(3)); }

QuaternionRateMatrix quaternion_rate_matrix(const Quaternion& q) {
  const Vec3 v = q.vec();
  QuaternionRateMatrix psi;
  psi.row(0) = -0.5 * v.transpose();
  psi.bottomRows<3>() << q.w(), v.z(), -v.y(),  //
      -v.z(), q.w(), v.x(),                     //
      v.y(), -v.x(), q.w();
  psi.bottomRows<3>() *= 0.5;
  return psi;
}

ConfigurationRateMatrix configuration_rate_matrix(const Quaternion& q) {
  ConfigurationRateMatrix g = ConfigurationRateMatrix::Zero();
  g.topLeftCorner<3, 3>().setIdentity();
  g.bottomRightCorner<4, 3>() = quaternion_rate_matrix(q);
  return g;
}

Quaternion rotate_by_angular_velocity(const Quaternion& q, const Vec3& omega, double dt) {
  const double half_angle = 0.5 * omega.norm() * dt;
  // sin(|omega| dt / 2) / |omega| written through sinc so that omega -> 0 needs no branch.
  const Vec3 axis_part = 0.5 * dt * sinc(half_angle) * omega;
  const Quaternion increment(std::cos(half_angle), axis_part.x(), axis_part.y(), axis_part.z());
  return (increment * q).normalized();
}

Pose advance_pose(const Pose& pose, const Vec3& velocity, const Vec3& omega, double dt) {
  return Pose{pose.position + dt * velocity, rotate_by_angular_velocity(pose.orientation, omega, dt)};
}

}  // namespace relcp::geometry
