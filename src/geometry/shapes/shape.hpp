#pragma once
// The body shapes, in their body frames. Sizes follow the scenario syntax (docs/scenario.md).

#include <cstdint>
#include <variant>

#include "core/types.hpp"

namespace relcp::geometry {

struct Sphere {
  double radius = 1.0;
};

struct Ellipsoid {
  Vec3 radii{1.0, 1.0, 1.0};  // semi-axes a, b, c along body x, y, z
};

// Axis segment of `length` along body z, centred at the origin, caps excluded from length.
struct Spherocylinder {
  double radius = 0.5;
  double length = 1.0;
};

// Centreline circle of radius major_radius in the body xy-plane; symmetry axis body z.
struct Torus {
  double major_radius = 1.0;
  double minor_radius = 0.1;
};

using Shape = std::variant<Sphere, Ellipsoid, Spherocylinder, Torus>;

// Shape codes written to HDF5 output (`shape` dataset).
enum class ShapeKind : std::int8_t { sphere = 0, ellipsoid = 1, spherocylinder = 2, torus = 3 };
inline ShapeKind kind_of(const Shape& shape) { return static_cast<ShapeKind>(shape.index()); }

// Half-space wall: bodies live on the side the outward normal points to.
struct HalfSpace {
  Vec3 point{0.0, 0.0, 0.0};
  Vec3 normal{0.0, 0.0, 1.0};  // unit
};

}  // namespace relcp::geometry
