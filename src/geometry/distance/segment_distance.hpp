#pragma once
// Closest points between two segments (the axes of spherocylinders; a sphere is a segment of
// half-length zero), robust for parallel, crossing and degenerate segments.

#include "core/types.hpp"

namespace relcp::geometry {

// The points centre + s * axis for s in [-half_length, half_length]; axis is unit.
struct Segment {
  Vec3 centre = Vec3::Zero();
  Vec3 axis = Vec3::UnitZ();
  double half_length = 0.0;

  Vec3 at(double s) const { return centre + s * axis; }
};

struct SegmentClosestPoints {
  Vec3 point_a = Vec3::Zero();
  Vec3 point_b = Vec3::Zero();
  double distance = 0.0;
};

// Minimizes |a(s) - b(u)| over both parameter ranges. When the minimizers form a continuum
// (parallel segments whose projections overlap) the midpoint of the overlap on `a` is chosen.
SegmentClosestPoints closest_points(const Segment& a, const Segment& b);

// Unit direction from a toward b for the signed separation of the rounded segments: along
// point_b - point_a when those are distinct; otherwise (the axes touch) a maximizer of the
// shared-normal separation (docs/geometry.md): the common perpendicular a.axis x b.axis
// oriented along the centre difference, or for parallel or degenerate segments the centre
// difference perpendicular to the axis, or a fixed perpendicular when even that vanishes.
Vec3 separation_direction(const Segment& a, const Segment& b, const SegmentClosestPoints& closest);

}  // namespace relcp::geometry
