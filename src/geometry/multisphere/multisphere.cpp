#include "geometry/multisphere/multisphere.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <stdexcept>
#include <variant>

namespace relcp::geometry {
namespace {

struct MajorAxis {
  int index = 0;       // body axis with the largest semi-axis (the first one on ties)
  double major = 0.0;  // its semi-axis a
  double minor = 0.0;  // the smallest semi-axis c
};

MajorAxis major_axis(const Ellipsoid& ellipsoid) {
  MajorAxis axis;
  ellipsoid.radii.maxCoeff(&axis.index);
  axis.major = ellipsoid.radii[axis.index];
  axis.minor = ellipsoid.radii.minCoeff();
  return axis;
}

// Positions t_k = -half + 2 half k / (count - 1); the single one of a count of 1 at 0.
double equally_spaced(int k, int count, double half) { return count == 1 ? 0.0 : -half + 2.0 * half * k / (count - 1); }

std::vector<SubSphere> decompose(const Sphere& sphere, int) { return {{Vec3::Zero(), sphere.radius}}; }

std::vector<SubSphere> decompose(const Ellipsoid& ellipsoid, int count) {
  const MajorAxis axis = major_axis(ellipsoid);
  // Centres of curvature of the tips in the plane of the minor axis: spheres of radius c^2 / a
  // there osculate the tips, so the union keeps the ellipsoid's length.
  const double end_centre = (axis.major * axis.major - axis.minor * axis.minor) / axis.major;
  std::vector<SubSphere> spheres;
  for (int k = 0; k < count; ++k) {
    const double distance = equally_spaced(k, count, end_centre);
    Vec3 centre = Vec3::Zero();
    centre[axis.index] = distance;
    spheres.push_back({centre, inscribed_radius_on_major_axis(ellipsoid, distance)});
  }
  return spheres;
}

std::vector<SubSphere> decompose(const Spherocylinder& rod, int count) {
  std::vector<SubSphere> spheres;
  for (int k = 0; k < count; ++k) {
    spheres.push_back({Vec3(0.0, 0.0, equally_spaced(k, count, 0.5 * rod.length)), rod.radius});
  }
  return spheres;
}

std::vector<SubSphere> decompose(const Torus& torus, int count) {
  std::vector<SubSphere> spheres;
  for (int k = 0; k < count; ++k) {
    const double angle = 2.0 * std::numbers::pi * k / count;
    const Vec3 centre(torus.major_radius * std::cos(angle), torus.major_radius * std::sin(angle), 0.0);
    spheres.push_back({centre, torus.minor_radius});
  }
  return spheres;
}

std::optional<std::string> count_problem(const Sphere&, int count) {
  if (count != 1) return "a sphere is its own decomposition: the count must be 1";
  return std::nullopt;
}

std::optional<std::string> positive_count_problem(int count) {
  if (count < 1) return "the count must be at least 1";
  return std::nullopt;
}

std::optional<std::string> count_problem(const Ellipsoid&, int count) {
  if (auto problem = positive_count_problem(count)) return problem;
  if (count % 2 == 0) {
    return "an ellipsoid needs an odd count, so that the largest sphere sits at the centre";
  }
  return std::nullopt;
}

std::optional<std::string> count_problem(const Spherocylinder&, int count) { return positive_count_problem(count); }

std::optional<std::string> count_problem(const Torus&, int count) { return positive_count_problem(count); }

}  // namespace

std::optional<std::string> multisphere_count_problem(const Shape& shape, int count) {
  return std::visit([count](const auto& body) { return count_problem(body, count); }, shape);
}

std::vector<SubSphere> multisphere_decomposition(const Shape& shape, int count) {
  if (const auto problem = multisphere_count_problem(shape, count)) {
    throw std::invalid_argument("multisphere_decomposition: " + *problem);
  }
  return std::visit([count](const auto& body) { return decompose(body, count); }, shape);
}

std::vector<SubSphere> to_lab(const std::vector<SubSphere>& body_spheres, const Pose& pose) {
  std::vector<SubSphere> lab;
  lab.reserve(body_spheres.size());
  for (const SubSphere& sphere : body_spheres) lab.push_back({pose.to_lab(sphere.centre), sphere.radius});
  return lab;
}

// On the major axis (x, 0, 0) the nearest surface point lies in the plane of the minor axis c:
// it is off-axis, at distance c sqrt(1 - x^2 / (a^2 - c^2)), while |x| < (a^2 - c^2) / a, and the
// tip, at distance a - |x|, beyond.
double inscribed_radius_on_major_axis(const Ellipsoid& ellipsoid, double distance) {
  const MajorAxis axis = major_axis(ellipsoid);
  const double x = std::abs(distance);
  const double focal_squared = axis.major * axis.major - axis.minor * axis.minor;
  if (x * axis.major < focal_squared) {
    return axis.minor * std::sqrt(std::max(0.0, 1.0 - x * x / focal_squared));
  }
  return std::max(0.0, axis.major - x);
}

}  // namespace relcp::geometry
