#include "io/run/body_state_check.hpp"

#include <spdlog/fmt/fmt.h>

#include <cmath>

namespace relcp::io {
namespace {

template <class Vector>
bool finite(const Vector& v) {
  return v.allFinite();
}

template <class Vector>
std::string listed(const Vector& v) {
  std::string text;
  for (int k = 0; k < v.size(); ++k) text += (k > 0 ? ", " : "") + fmt::format("{:.6g}", v[k]);
  return "(" + text + ")";
}

std::optional<std::string> problem_of(const particles::Body& body) {
  const Vec3& position = body.pose.position;
  const Eigen::Vector4d orientation = body.pose.orientation.coeffs();
  if (!finite(position)) return "position is not finite " + listed(position);
  if (position.cwiseAbs().maxCoeff() > kLargestPosition) {
    return fmt::format("left the domain: position {} is beyond {:g}", listed(position), kLargestPosition);
  }
  if (!finite(orientation)) return "orientation is not finite " + listed(orientation);
  if (!finite(body.velocity)) return "velocity is not finite " + listed(body.velocity);
  if (!finite(body.angular_velocity)) return "angular velocity is not finite " + listed(body.angular_velocity);
  if (!finite(body.force)) return "force is not finite " + listed(body.force);
  if (!finite(body.torque)) return "torque is not finite " + listed(body.torque);
  return std::nullopt;
}

}  // namespace

std::optional<std::string> first_bad_body(std::span<const particles::Body> bodies) {
  for (const particles::Body& body : bodies) {
    if (const auto problem = problem_of(body)) return "body " + std::to_string(body.id) + ": " + *problem;
  }
  return std::nullopt;
}

}  // namespace relcp::io
