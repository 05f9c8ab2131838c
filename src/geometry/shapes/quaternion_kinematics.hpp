#pragma once
// Orientation kinematics (Palmer et al. 2025, Sec. 2.1; docs/geometry.md): the map G from body
// velocities (u, omega) to the configuration rate (x', q'), with omega in the lab frame, and the
// exact rotation update used to advance and to rebuild trial configurations.

#include <Eigen/Core>

#include "core/types.hpp"
#include "geometry/shapes/pose.hpp"

namespace relcp::geometry {

using QuaternionRateMatrix = Eigen::Matrix<double, 4, 3>;
using ConfigurationRateMatrix = Eigen::Matrix<double, 7, 6>;

// The quaternion as the 4-vector (w, x, y, z) that Psi and G act on (Eigen stores x, y, z, w).
Eigen::Vector4d to_wxyz(const Quaternion& q);
Quaternion from_wxyz(const Eigen::Vector4d& wxyz);

// Psi(q) = 1/2 [-v^T; w I - [v]x] for q = (w, v): d/dt (w, x, y, z) = Psi(q) omega, i.e.
// q' = 1/2 (0, omega) (x) q. Satisfies Psi^T Psi = I/4 and Psi^T q = 0 for a unit q.
QuaternionRateMatrix quaternion_rate_matrix(const Quaternion& q);

// One body's block of G = blkdiag(I_3, Psi(q)): d/dt (x, q_wxyz) = G (u, omega).
ConfigurationRateMatrix configuration_rate_matrix(const Quaternion& q);

// Exact rotation by the constant lab-frame angular velocity omega over dt:
// q <- [cos(|omega| dt / 2), sin(|omega| dt / 2) omega / |omega|] (x) q, normalized.
Quaternion rotate_by_angular_velocity(const Quaternion& q, const Vec3& omega, double dt);

// Position advanced by dt * velocity, orientation by the exact rotation above.
Pose advance_pose(const Pose& pose, const Vec3& velocity, const Vec3& omega, double dt);

}  // namespace relcp::geometry
