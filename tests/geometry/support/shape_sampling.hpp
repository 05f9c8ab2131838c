#pragma once
// Independent references for the geometry tests: random poses, points on the surfaces, the
// surfaces' outward normals and their implicit distance, written from the shapes' definitions
// rather than through the library's support functions.

#include <algorithm>
#include <cmath>
#include <numbers>
#include <random>
#include <type_traits>
#include <variant>
#include <vector>

#include "core/types.hpp"
#include "geometry/shapes/pose.hpp"
#include "geometry/shapes/shape.hpp"

namespace relcp::geometry::testing {

inline Quaternion random_rotation(std::mt19937_64& rng) {
  std::normal_distribution<double> normal;
  return Quaternion(normal(rng), normal(rng), normal(rng), normal(rng)).normalized();
}

inline Vec3 random_vector(std::mt19937_64& rng, double half_width) {
  std::uniform_real_distribution<double> uniform(-half_width, half_width);
  return Vec3(uniform(rng), uniform(rng), uniform(rng));
}

inline Vec3 random_unit(std::mt19937_64& rng) {
  std::normal_distribution<double> normal;
  return Vec3(normal(rng), normal(rng), normal(rng)).normalized();
}

// Nearly uniform points on the unit sphere (golden-angle spiral).
inline std::vector<Vec3> fibonacci_sphere(int count) {
  std::vector<Vec3> points;
  points.reserve(count);
  const double golden_angle = std::numbers::pi * (3.0 - std::sqrt(5.0));
  for (int i = 0; i < count; ++i) {
    const double z = 1.0 - (2.0 * i + 1.0) / count;
    const double rho = std::sqrt(1.0 - z * z);
    const double angle = golden_angle * i;
    points.emplace_back(rho * std::cos(angle), rho * std::sin(angle), z);
  }
  return points;
}

// Distance from the body centre to the surface along the body-frame unit direction u, for the
// shapes that are star-shaped about their centre.
inline double radial_distance(const Sphere& s, const Vec3&) { return s.radius; }
inline double radial_distance(const Ellipsoid& e, const Vec3& u) { return 1.0 / u.cwiseQuotient(e.radii).norm(); }
inline double radial_distance(const Spherocylinder& c, const Vec3& u) {
  const double half = 0.5 * c.length;
  const double sideways = std::hypot(u.x(), u.y());
  if (sideways > 0.0 && c.radius / sideways * std::abs(u.z()) <= half) return c.radius / sideways;
  // Cap: |t u - half sign(u_z) e_z| = radius.
  const double uz = std::abs(u.z());
  return half * uz + std::sqrt(half * half * uz * uz - half * half + c.radius * c.radius);
}

inline std::vector<Vec3> torus_surface(const Torus& t, const Pose& pose, int per_circle) {
  std::vector<Vec3> points;
  for (int i = 0; i < per_circle; ++i) {
    const double beta = 2.0 * std::numbers::pi * i / per_circle;
    for (int j = 0; j < per_circle; ++j) {
      const double alpha = 2.0 * std::numbers::pi * j / per_circle;
      const double ring = t.major_radius + t.minor_radius * std::cos(alpha);
      points.push_back(
          pose.to_lab(Vec3(ring * std::cos(beta), ring * std::sin(beta), t.minor_radius * std::sin(alpha))));
    }
  }
  return points;
}

// Surface points in the lab frame; about `count` of them.
inline std::vector<Vec3> surface_points(const Shape& shape, const Pose& pose, int count) {
  if (const auto* torus = std::get_if<Torus>(&shape)) {
    return torus_surface(*torus, pose, static_cast<int>(std::sqrt(count)));
  }
  std::vector<Vec3> points;
  for (const Vec3& u : fibonacci_sphere(count)) {
    const double rho = std::visit(
        [&](const auto& s) -> double {
          if constexpr (std::is_same_v<std::decay_t<decltype(s)>, Torus>) {
            return 0.0;
          } else {
            return radial_distance(s, u);
          }
        },
        shape);
    points.push_back(pose.to_lab(rho * u));
  }
  return points;
}

// Signed distance (or, for the ellipsoid, an implicit function with the same zero set and unit
// slope at the surface scale) of a lab point to the surface: zero on it.
inline double surface_residual(const Shape& shape, const Pose& pose, const Vec3& lab_point) {
  const Vec3 p = pose.to_body(lab_point);
  if (const auto* s = std::get_if<Sphere>(&shape)) return p.norm() - s->radius;
  if (const auto* e = std::get_if<Ellipsoid>(&shape)) {
    return (p.cwiseQuotient(e->radii).norm() - 1.0) * e->radii.minCoeff();
  }
  if (const auto* c = std::get_if<Spherocylinder>(&shape)) {
    const double z = std::clamp(p.z(), -0.5 * c->length, 0.5 * c->length);
    return (p - Vec3(0.0, 0.0, z)).norm() - c->radius;
  }
  const auto& t = std::get<Torus>(shape);
  return std::hypot(std::hypot(p.x(), p.y()) - t.major_radius, p.z()) - t.minor_radius;
}

// Outward unit normal of the surface at a lab surface point.
inline Vec3 outward_normal(const Shape& shape, const Pose& pose, const Vec3& lab_point) {
  const Vec3 p = pose.to_body(lab_point);
  Vec3 n;
  if (std::holds_alternative<Sphere>(shape)) {
    n = p;
  } else if (const auto* e = std::get_if<Ellipsoid>(&shape)) {
    n = p.cwiseQuotient(e->radii.cwiseAbs2());
  } else if (const auto* c = std::get_if<Spherocylinder>(&shape)) {
    n = p - Vec3(0.0, 0.0, std::clamp(p.z(), -0.5 * c->length, 0.5 * c->length));
  } else {
    const auto& t = std::get<Torus>(shape);
    const Vec3 in_plane(p.x(), p.y(), 0.0);
    n = p - t.major_radius * in_plane.normalized();
  }
  return pose.orientation * n.normalized();
}

}  // namespace relcp::geometry::testing
