#include "geometry/shapes/shape_properties.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <variant>

namespace relcp::geometry {
namespace {

constexpr double kPi = std::numbers::pi;

double volume_of(const Sphere& s) { return 4.0 / 3.0 * kPi * s.radius * s.radius * s.radius; }
double volume_of(const Ellipsoid& e) { return 4.0 / 3.0 * kPi * e.radii.prod(); }
double volume_of(const Spherocylinder& c) {
  return kPi * c.radius * c.radius * c.length + 4.0 / 3.0 * kPi * std::pow(c.radius, 3);
}
double volume_of(const Torus& t) { return 2.0 * kPi * kPi * t.major_radius * t.minor_radius * t.minor_radius; }

double bounding_radius_of(const Sphere& s) { return s.radius; }
double bounding_radius_of(const Ellipsoid& e) { return e.radii.maxCoeff(); }
double bounding_radius_of(const Spherocylinder& c) { return 0.5 * c.length + c.radius; }
double bounding_radius_of(const Torus& t) { return t.major_radius + t.minor_radius; }

// Half extents along the lab axes: the support function in the directions +-e_i.
Vec3 half_extents(const Sphere& s, const Mat3&) { return Vec3::Constant(s.radius); }
Vec3 half_extents(const Ellipsoid& e, const Mat3& rotation) {
  // h(e_i) = sqrt(e_i^T R diag(r^2) R^T e_i) = |row i of R scaled by the semi-axes|.
  return (rotation * e.radii.asDiagonal()).rowwise().norm();
}
Vec3 half_extents(const Spherocylinder& c, const Mat3& rotation) {
  return 0.5 * c.length * rotation.col(2).cwiseAbs() + Vec3::Constant(c.radius);
}
Vec3 half_extents(const Torus& t, const Mat3& rotation) {
  // Support of the centreline circle in direction e is R * |e projected on the circle's plane|.
  const Vec3 axis = rotation.col(2);
  const Vec3 in_plane = (Vec3::Ones() - axis.cwiseAbs2()).cwiseMax(0.0).cwiseSqrt();
  return t.major_radius * in_plane + Vec3::Constant(t.minor_radius);
}

// Principal moments about the centre, per unit mass.
Vec3 moments_per_mass(const Sphere& s) { return Vec3::Constant(0.4 * s.radius * s.radius); }
Vec3 moments_per_mass(const Ellipsoid& e) {
  const Vec3 r2 = e.radii.cwiseAbs2();
  return 0.2 * Vec3(r2.y() + r2.z(), r2.x() + r2.z(), r2.x() + r2.y());
}
Vec3 moments_per_mass(const Spherocylinder& c) {
  // Cylinder plus two hemispheres; each hemisphere's centroid sits 3r/8 beyond the segment end.
  const double r = c.radius;
  const double l = c.length;
  const double cylinder = kPi * r * r * l;
  const double caps = 4.0 / 3.0 * kPi * r * r * r;
  const double axial = cylinder * 0.5 * r * r + caps * 0.4 * r * r;
  const double transverse =
      cylinder * (0.25 * r * r + l * l / 12.0) + caps * (0.4 * r * r + 0.25 * l * l + 0.375 * r * l);
  const double total = cylinder + caps;
  return Vec3(transverse, transverse, axial) / total;
}
Vec3 moments_per_mass(const Torus& t) {
  const double big = t.major_radius * t.major_radius;
  const double small = t.minor_radius * t.minor_radius;
  const double transverse = 0.5 * big + 0.625 * small;
  return Vec3(transverse, transverse, big + 0.75 * small);
}

double drag_length_of(const Sphere& s) { return 2.0 * s.radius; }
double drag_length_of(const Ellipsoid& e) { return 2.0 * e.radii.maxCoeff(); }
double drag_length_of(const Spherocylinder& c) { return c.length + 2.0 * c.radius; }
double drag_length_of(const Torus& t) { return 2.0 * (t.major_radius + t.minor_radius); }

}  // namespace

double volume(const Shape& shape) {
  return std::visit([](const auto& s) { return volume_of(s); }, shape);
}

double bounding_radius(const Shape& shape) {
  return std::visit([](const auto& s) { return bounding_radius_of(s); }, shape);
}

Aabb bounding_box(const Shape& shape, const Pose& pose) {
  const Mat3 rotation = pose.orientation.toRotationMatrix();
  const Vec3 half = std::visit([&](const auto& s) { return half_extents(s, rotation); }, shape);
  return Aabb{pose.position - half, pose.position + half};
}

Mat3 body_inertia(const Shape& shape, double density) {
  const double mass = density * volume(shape);
  const Vec3 moments = std::visit([](const auto& s) { return moments_per_mass(s); }, shape);
  return (mass * moments).asDiagonal();
}

double drag_length(const Shape& shape) {
  return std::visit([](const auto& s) { return drag_length_of(s); }, shape);
}

}  // namespace relcp::geometry
