#include "geometry/rows/constraint_row.hpp"

namespace relcp::geometry {

double PairConstraintRow::rate(const Vec3& velocity_a, const Vec3& angular_velocity_a, const Vec3& velocity_b,
                               const Vec3& angular_velocity_b) const {
  Eigen::Matrix<double, 12, 1> velocities;
  velocities << velocity_a, angular_velocity_a, velocity_b, angular_velocity_b;
  return values.dot(velocities);
}

double WallConstraintRow::rate(const Vec3& velocity, const Vec3& angular_velocity) const {
  Eigen::Matrix<double, 6, 1> velocities;
  velocities << velocity, angular_velocity;
  return values.dot(velocities);
}

PairConstraintRow pair_constraint_row(const SignedSeparation& contact, const Vec3& centre_a, const Vec3& centre_b) {
  const Vec3& normal = contact.normal;
  PairConstraintRow row;
  row.values << -normal, -(contact.point_a - centre_a).cross(normal), normal,
      (contact.point_b - centre_b).cross(normal);
  return row;
}

WallConstraintRow wall_constraint_row(const SignedSeparation& contact, const Vec3& centre) {
  const Vec3& normal = contact.normal;
  WallConstraintRow row;
  row.values << -normal, -(contact.point_a - centre).cross(normal);
  return row;
}

}  // namespace relcp::geometry
