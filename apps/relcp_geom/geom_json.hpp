#pragma once
// The JSON that relcp_geom prints. Numbers are written in the shortest form that reads back to
// the same double.

#include <string>
#include <vector>

#include "core/types.hpp"
#include "geometry/multisphere/multisphere.hpp"
#include "geometry/separation/signed_separation.hpp"

namespace relcp::apps::geom {

// Throws RunTimeFailure for a non-finite value, which JSON cannot hold.
std::string json_number(double value);
std::string json_vector(const Vec3& value);

// {"phi": ..., "point_a": [...], "point_b": [...], "normal": [...], "iterations": n, "converged": b}
std::string separation_json(const geometry::SignedSeparation& separation);

// {"spheres": [{"center": [x, y, z], "radius": r}, ...]}
std::string spheres_json(const std::vector<geometry::SubSphere>& spheres);

}  // namespace relcp::apps::geom
