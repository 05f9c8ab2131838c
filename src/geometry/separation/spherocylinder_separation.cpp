#include "geometry/separation/spherocylinder_separation.hpp"

namespace relcp::geometry {

Segment axis_segment(const Spherocylinder& spherocylinder, const Pose& pose) {
  return Segment{pose.position, pose.orientation * Vec3::UnitZ(), 0.5 * spherocylinder.length};
}

Segment centre_segment(const Pose& pose) { return Segment{pose.position, Vec3::UnitZ(), 0.0}; }

SignedSeparation rounded_segment_separation(const Segment& a, double radius_a, const Segment& b, double radius_b) {
  const SegmentClosestPoints closest = closest_points(a, b);
  SignedSeparation result;
  result.normal = separation_direction(a, b, closest);
  result.phi = closest.distance - radius_a - radius_b;
  result.point_a = closest.point_a + radius_a * result.normal;
  result.point_b = closest.point_b - radius_b * result.normal;
  result.converged = true;
  return result;
}

}  // namespace relcp::geometry
