#include "collision/detection/line_contact_rows.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <optional>
#include <utility>
#include <variant>

#include "geometry/distance/segment_distance.hpp"
#include "geometry/shapes/shape_properties.hpp"

namespace relcp::collision {
namespace {

using PairKey = std::pair<GlobalId, GlobalId>;

// The rod's axis as a segment, or nothing for another shape.
std::optional<geometry::Segment> axis_of(const particles::Body& body) {
  const auto* rod = std::get_if<geometry::Spherocylinder>(&body.shape);
  if (rod == nullptr) return std::nullopt;
  return geometry::Segment{body.pose.position, body.pose.orientation * Vec3::UnitZ(), 0.5 * rod->length};
}

Vec3 closest_on(const geometry::Segment& segment, const Vec3& point) {
  return segment.at(std::clamp((point - segment.centre).dot(segment.axis), -segment.half_length, segment.half_length));
}

}  // namespace

std::vector<ConstraintRecord> line_contact_end_rows(const ContactScene& scene, std::span<const ConstraintRecord> rows,
                                                    double threshold) {
  std::map<PairKey, std::vector<Vec3>> arms;  // the lever arms on A of each pair's rows
  for (const ConstraintRecord& row : rows) {
    if (row.is_normal() && !row.is_wall()) arms[{row.body_a, row.body_b}].push_back(row.arm_a);
  }
  std::vector<ConstraintRecord> out;
  const auto& owned = scene.store.owned();
  const auto& ghosts = scene.store.ghosts();
  for (const particles::CandidatePair& pair : scene.pairs) {
    const auto known = arms.find({pair.a, pair.b});
    if (known == arms.end()) continue;
    const particles::Body& a = owned[static_cast<std::size_t>(pair.index_a)];
    const particles::Body& b = pair.b_is_ghost ? ghosts[static_cast<std::size_t>(pair.index_b)].body
                                               : owned[static_cast<std::size_t>(pair.index_b)];
    const std::optional<geometry::Segment> axis_a = axis_of(a);
    const std::optional<geometry::Segment> axis_b = axis_of(b);
    if (!axis_a || !axis_b || std::abs(axis_a->axis.dot(axis_b->axis)) < kLineContactCosine) continue;
    const double radius_a = std::get<geometry::Spherocylinder>(a.shape).radius;
    const double radius_b = std::get<geometry::Spherocylinder>(b.shape).radius;
    const double merge_distance = kLineContactMergeFraction * geometry::bounding_radius(a.shape);

    // Each axis end against the other axis' closest point. The pair of points is not mutually
    // closest (the axes are not parallel), so the point at the end lies within r (1 - cos) of
    // its surface, 4e-5 r at 1 degree.
    std::optional<geometry::SignedSeparation> best;
    for (int end = 0; end < 4; ++end) {
      const double side = end % 2 == 0 ? -1.0 : 1.0;
      Vec3 on_a, on_b;
      if (end < 2) {
        on_a = axis_a->at(side * axis_a->half_length);
        on_b = closest_on(*axis_b, on_a);
      } else {
        on_b = axis_b->at(side * axis_b->half_length);
        on_a = closest_on(*axis_a, on_b);
      }
      const double distance = (on_b - on_a).norm();
      if (distance <= 0.0) continue;  // the axes meet: no direction to push along
      const double gap = distance - radius_a - radius_b;
      if (gap >= threshold || (best && gap >= best->phi)) continue;
      const Vec3 normal = (on_b - on_a) / distance;
      const Vec3 arm = on_a + radius_a * normal - a.pose.position;
      const bool near_a_row = std::any_of(known->second.begin(), known->second.end(),
                                          [&](const Vec3& other) { return (other - arm).norm() < merge_distance; });
      if (near_a_row) continue;
      geometry::SignedSeparation contact;
      contact.phi = gap;
      contact.point_a = on_a + radius_a * normal;
      contact.point_b = on_b - radius_b * normal;
      contact.normal = normal;
      contact.converged = true;
      best = contact;
    }
    if (best) {
      out.push_back(
          pair_constraint(pair.a, pair.b, *best, a.pose.position, b.pose.position, kLineContactCreationIndex));
    }
  }
  return out;
}

}  // namespace relcp::collision
