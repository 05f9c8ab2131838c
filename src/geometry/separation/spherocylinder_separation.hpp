#pragma once
// Shared-normal signed distance of rounded segments (docs/geometry.md): spherocylinder pairs
// and sphere-spherocylinder pairs, a sphere being a segment of half-length zero. The signed
// distance is the axis distance minus both radii, exact also when the axes cross.

#include "geometry/shapes/pose.hpp"
#include "geometry/distance/segment_distance.hpp"
#include "geometry/shapes/shape.hpp"
#include "geometry/separation/signed_separation.hpp"

namespace relcp::geometry {

Segment axis_segment(const Spherocylinder& spherocylinder, const Pose& pose);
Segment centre_segment(const Pose& pose);  // a sphere's centre as a segment of length zero

SignedSeparation rounded_segment_separation(const Segment& a, double radius_a, const Segment& b, double radius_b);

}  // namespace relcp::geometry
