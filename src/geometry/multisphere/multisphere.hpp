#pragma once
// Multisphere decompositions (Palmer et al. 2025, Secs. 4.2-4.4; docs/geometry.md): a body
// approximated by a union of spheres.
//   ellipsoid: an odd count of inscribed spheres centred on the major axis, equally spaced, the
//     largest at the centre (radius = the minor semi-axis) and the end ones osculating the tips
//     (Markauskas et al. 2010, as reconstructed in docs/geometry.md);
//   spherocylinder: spheres of the rod radius equally spaced along the axis segment, the end
//     ones equal to the caps;
//   torus: spheres of the minor radius equally spaced in angle on the centreline;
//   sphere: itself (count 1).

#include <optional>
#include <string>
#include <vector>

#include "core/types.hpp"
#include "geometry/shapes/pose.hpp"
#include "geometry/shapes/shape.hpp"

namespace relcp::geometry {

struct SubSphere {
  Vec3 centre = Vec3::Zero();
  double radius = 0.0;
};

// Why `count` is not a valid sphere count for `shape` (odd and >= 1 for ellipsoids, >= 1 for
// spherocylinders and tori, exactly 1 for spheres), or nothing when it is.
std::optional<std::string> multisphere_count_problem(const Shape& shape, int count);

// Centres in the body frame. Throws std::invalid_argument for an invalid count.
std::vector<SubSphere> multisphere_decomposition(const Shape& shape, int count);

// The same spheres with centres in the lab frame.
std::vector<SubSphere> to_lab(const std::vector<SubSphere>& body_spheres, const Pose& pose);

// The radius of the largest sphere centred at `distance` from the centre on the major axis that
// fits inside the ellipsoid.
double inscribed_radius_on_major_axis(const Ellipsoid& ellipsoid, double distance);

}  // namespace relcp::geometry
