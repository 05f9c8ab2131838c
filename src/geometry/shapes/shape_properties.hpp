#pragma once
// Per-shape quantities: volume, bounding radius, axis-aligned box, inertia, drag length.

#include "core/types.hpp"
#include "geometry/shapes/pose.hpp"
#include "geometry/shapes/shape.hpp"

namespace relcp::geometry {

struct Aabb {
  Vec3 lower;
  Vec3 upper;
};

double volume(const Shape& shape);
double bounding_radius(const Shape& shape);  // about the body centre
Aabb bounding_box(const Shape& shape, const Pose& pose);
Mat3 body_inertia(const Shape& shape, double density);  // body frame, about the centre
// The length l of the local drag mobility (paper eq. 27; docs/geometry.md).
double drag_length(const Shape& shape);

}  // namespace relcp::geometry
