#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "geometry/shapes/quaternion_kinematics.hpp"
#include "support/shape_sampling.hpp"

namespace relcp::geometry {
namespace {

using testing::random_rotation;
using testing::random_vector;

double rotation_difference(const Quaternion& a, const Quaternion& b) {
  return (a.toRotationMatrix() - b.toRotationMatrix()).norm();
}

TEST(QuaternionKinematics, RateMatrixIsAScaledIsometryOrthogonalToQ) {
  std::mt19937_64 rng(1);
  for (int trial = 0; trial < 100; ++trial) {
    const Quaternion q = random_rotation(rng);
    const QuaternionRateMatrix psi = quaternion_rate_matrix(q);
    EXPECT_LE((psi.transpose() * psi - 0.25 * Mat3::Identity()).norm(), 1e-14);
    EXPECT_LE((psi.transpose() * to_wxyz(q)).norm(), 1e-14);
  }
}

TEST(QuaternionKinematics, RateMatrixGivesTheDerivativeOfARotatingQuaternion) {
  // q(t) = exp(t omega) q0: compare Psi(q0) omega with a central difference in t.
  std::mt19937_64 rng(2);
  for (int trial = 0; trial < 20; ++trial) {
    const Quaternion q0 = random_rotation(rng);
    const Vec3 omega = random_vector(rng, 3.0);
    const auto at = [&](double t) {
      const Quaternion turn(Eigen::AngleAxisd(omega.norm() * t, omega.normalized()));
      return to_wxyz(turn * q0);
    };
    constexpr double h = 1e-5;
    const Eigen::Vector4d numerical = (at(h) - at(-h)) / (2.0 * h);
    EXPECT_LE((quaternion_rate_matrix(q0) * omega - numerical).norm(), 1e-9);
  }
}

TEST(QuaternionKinematics, ConfigurationRateMatrixIsBlockDiagonal) {
  std::mt19937_64 rng(3);
  const Quaternion q = random_rotation(rng);
  const ConfigurationRateMatrix g = configuration_rate_matrix(q);
  const Mat3 translation = g.topLeftCorner(3, 3);
  EXPECT_TRUE(translation.isIdentity(0.0));
  EXPECT_TRUE(g.topRightCorner(3, 3).isZero(0.0));
  EXPECT_TRUE(g.bottomLeftCorner(4, 3).isZero(0.0));
  EXPECT_TRUE(g.bottomRightCorner(4, 3).isApprox(quaternion_rate_matrix(q), 0.0));
}

TEST(QuaternionKinematics, WxyzRoundTrip) {
  const Quaternion q(0.5, -0.5, 0.5, 0.5);
  const Eigen::Vector4d v = to_wxyz(q);
  EXPECT_TRUE(v.isApprox(Eigen::Vector4d(0.5, -0.5, 0.5, 0.5), 0.0));
  EXPECT_TRUE(from_wxyz(v).coeffs().isApprox(q.coeffs(), 0.0));
}

TEST(QuaternionKinematics, ConstantOmegaStepsEqualTheExactRotation) {
  std::mt19937_64 rng(4);
  for (int trial = 0; trial < 20; ++trial) {
    const Quaternion q0 = random_rotation(rng);
    const Vec3 omega = random_vector(rng, 4.0);
    constexpr int kSteps = 1000;
    constexpr double kDt = 1e-2;
    Quaternion q = q0;
    for (int step = 0; step < kSteps; ++step) q = rotate_by_angular_velocity(q, omega, kDt);
    const Quaternion exact = Quaternion(Eigen::AngleAxisd(omega.norm() * kSteps * kDt, omega.normalized())) * q0;
    EXPECT_LE(rotation_difference(q, exact), 1e-11);
    EXPECT_NEAR(q.norm(), 1.0, 1e-15);
  }
}

TEST(QuaternionKinematics, OneLargeStepIsExact) {
  // Not a linearization: a half turn in one step.
  const Quaternion q0 = Quaternion::Identity();
  const Vec3 omega(0.0, 0.0, std::numbers::pi);
  const Quaternion q = rotate_by_angular_velocity(q0, omega, 1.0);
  EXPECT_LE((q * Vec3::UnitX() - Vec3(-1.0, 0.0, 0.0)).norm(), 1e-15);
}

TEST(QuaternionKinematics, TinyAndZeroOmegaAreContinuous) {
  std::mt19937_64 rng(5);
  const Quaternion q0 = random_rotation(rng);
  EXPECT_LE(rotation_difference(rotate_by_angular_velocity(q0, Vec3::Zero(), 0.1), q0), 1e-15);
  // First order: q1 = q0 + dt Psi(q0) omega for tiny rotations.
  const Vec3 omega(3e-9, -2e-9, 1e-9);
  const Quaternion q1 = rotate_by_angular_velocity(q0, omega, 0.5);
  const Eigen::Vector4d predicted = to_wxyz(q0) + 0.5 * quaternion_rate_matrix(q0) * omega;
  EXPECT_LE((to_wxyz(q1) - predicted).norm(), 1e-16 + 1e-3 * (0.5 * omega.norm()));
  EXPECT_GT((to_wxyz(q1) - to_wxyz(q0)).norm(), 0.0);
}

TEST(QuaternionKinematics, AdvancePoseMovesAndRotates) {
  std::mt19937_64 rng(6);
  const Pose pose{random_vector(rng, 2.0), random_rotation(rng)};
  const Vec3 velocity(1.0, -2.0, 0.5);
  const Vec3 omega(0.3, 0.1, -0.7);
  const Pose next = advance_pose(pose, velocity, omega, 0.2);
  EXPECT_LE((next.position - (pose.position + 0.2 * velocity)).norm(), 1e-15);
  EXPECT_LE(rotation_difference(next.orientation, rotate_by_angular_velocity(pose.orientation, omega, 0.2)), 0.0);
}

}  // namespace
}  // namespace relcp::geometry
