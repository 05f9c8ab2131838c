#pragma once
// One row of the constraint Jacobian D^T (Palmer et al. 2025, eqs. (10), (19)): the rate of change
// of a contact's phi under rigid-body velocities, d phi / dt = row . U, with U the lab-frame
// linear and angular velocities about the body centres. The same entries, read as a column of D,
// are the force and torque that a unit multiplier applies: -nu into A, +nu into B.

#include <Eigen/Core>

#include "core/types.hpp"
#include "geometry/separation/signed_separation.hpp"

namespace relcp::geometry {

// Entries for U = [u_a, omega_a, u_b, omega_b]:
//   (-nu, -(y_a - x_a) x nu, +nu, +(y_b - x_b) x nu).
struct PairConstraintRow {
  Eigen::Matrix<double, 12, 1> values = Eigen::Matrix<double, 12, 1>::Zero();

  double rate(const Vec3& velocity_a, const Vec3& angular_velocity_a, const Vec3& velocity_b,
              const Vec3& angular_velocity_b) const;
};

// Entries for U = [u, omega] of the body against a fixed wall: (-nu, -(y - x) x nu).
struct WallConstraintRow {
  Eigen::Matrix<double, 6, 1> values = Eigen::Matrix<double, 6, 1>::Zero();

  double rate(const Vec3& velocity, const Vec3& angular_velocity) const;
};

// `centre_a`, `centre_b`: the body centres x the lever arms are taken from (for a multisphere
// contact, the parent bodies' centres, not the sub-spheres').
PairConstraintRow pair_constraint_row(const SignedSeparation& contact, const Vec3& centre_a, const Vec3& centre_b);

// `contact` from the body-wall signed_separation: point_a on the body, normal toward the wall.
WallConstraintRow wall_constraint_row(const SignedSeparation& contact, const Vec3& centre);

}  // namespace relcp::geometry
