#pragma once
// Small fixed-size math and index types used across layers.

#include <Eigen/Core>
#include <Eigen/Geometry>
#include <cstdint>

namespace relcp {

using Vec3 = Eigen::Vector3d;
using Mat3 = Eigen::Matrix3d;
using Quaternion = Eigen::Quaterniond;  // (w, x, y, z), rotates body frame to lab frame
using GlobalId = std::int64_t;

}  // namespace relcp
