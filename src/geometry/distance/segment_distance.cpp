#include "geometry/distance/segment_distance.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "geometry/distance/perpendicular.hpp"

namespace relcp::geometry {
namespace {

// Below this sin^2 of the angle between the axes, segments may have a continuum of closest
// pairs, and the overlap midpoint is preferred when it is as close as the minimum found.
constexpr double kNearlyParallelSin2 = 1e-6;
// Relative distance difference under which the overlap midpoint counts as a minimizer.
constexpr double kTieTolerance = 1e-12;
// Relative gap under which the closest points coincide and carry no direction.
constexpr double kTouchingTolerance = 1e-12;
// |a.axis x b.axis| under which the axes count as parallel for the fallback normal.
constexpr double kParallelSine = 1e-6;

// Parameter of the point of `segment` closest to p.
double project(const Segment& segment, const Vec3& p) {
  return std::clamp((p - segment.centre).dot(segment.axis), -segment.half_length, segment.half_length);
}

class ClosestPairSearch {
 public:
  ClosestPairSearch(const Segment& a, const Segment& b) : a_(a), b_(b) {}

  void consider(double s, double u) {
    const double distance_squared = (b_.at(u) - a_.at(s)).squaredNorm();
    if (distance_squared < best_distance_squared_) {
      best_distance_squared_ = distance_squared;
      s_ = s;
      u_ = u;
    }
  }
  // Replaces the best pair when (s, u) is no farther than it by more than `slack`.
  void prefer(double s, double u, double slack) {
    const double distance = (b_.at(u) - a_.at(s)).norm();
    if (distance <= std::sqrt(best_distance_squared_) + slack) {
      best_distance_squared_ = distance * distance;
      s_ = s;
      u_ = u;
    }
  }
  SegmentClosestPoints result() const { return {a_.at(s_), b_.at(u_), std::sqrt(best_distance_squared_)}; }

 private:
  const Segment& a_;
  const Segment& b_;
  double best_distance_squared_ = std::numeric_limits<double>::infinity();
  double s_ = 0.0;
  double u_ = 0.0;
};

}  // namespace

SegmentClosestPoints closest_points(const Segment& a, const Segment& b) {
  // |a(s) - b(u)|^2 is a convex quadratic on the parameter rectangle: its minimum is the
  // stationary point when that lies inside, otherwise on an edge, where the minimizer over the
  // free parameter is a clamped projection. Evaluating every candidate and keeping the closest
  // stays correct when the stationary point is ill-conditioned (nearly parallel axes).
  ClosestPairSearch search(a, b);
  const Vec3 centre_gap = a.centre - b.centre;
  const double cosine = a.axis.dot(b.axis);
  const double sin2 = std::max(0.0, 1.0 - cosine * cosine);
  const bool both_segments = a.half_length > 0.0 && b.half_length > 0.0;

  if (both_segments && sin2 > 0.0) {
    const double ga = centre_gap.dot(a.axis);
    const double gb = centre_gap.dot(b.axis);
    const double s = (cosine * gb - ga) / sin2;
    const double u = (gb - cosine * ga) / sin2;
    if (std::abs(s) <= a.half_length && std::abs(u) <= b.half_length) search.consider(s, u);
  }
  for (const double s : {-a.half_length, a.half_length}) search.consider(s, project(b, a.at(s)));
  for (const double u : {-b.half_length, b.half_length}) search.consider(project(a, b.at(u)), u);

  if (both_segments && sin2 <= kNearlyParallelSin2) {
    // Tie-break for (nearly) parallel segments: midpoint of b's shadow on a.
    const double shadow_centre = (b.centre - a.centre).dot(a.axis);
    const double shadow_half = b.half_length * std::abs(cosine);
    const double lo = std::max(-a.half_length, shadow_centre - shadow_half);
    const double hi = std::min(a.half_length, shadow_centre + shadow_half);
    if (lo <= hi) {
      const double s = 0.5 * (lo + hi);
      search.prefer(s, project(b, a.at(s)), kTieTolerance * (a.half_length + b.half_length));
    }
  }
  return search.result();
}

Vec3 separation_direction(const Segment& a, const Segment& b, const SegmentClosestPoints& closest) {
  const Vec3 centre_gap = b.centre - a.centre;
  const double scale = a.half_length + b.half_length + centre_gap.norm();
  if (closest.distance > kTouchingTolerance * scale) {
    return (closest.point_b - closest.point_a) / closest.distance;
  }
  const bool both_segments = a.half_length > 0.0 && b.half_length > 0.0;
  if (both_segments) {
    const Vec3 common = a.axis.cross(b.axis);
    const double sine = common.norm();
    if (sine > kParallelSine) {
      const Vec3 normal = common / sine;
      return normal.dot(centre_gap) < 0.0 ? Vec3(-normal) : normal;
    }
  }
  const Segment& line = a.half_length > 0.0 ? a : b;
  Vec3 off_axis = centre_gap;
  if (line.half_length > 0.0) off_axis -= off_axis.dot(line.axis) * line.axis;
  const double off_norm = off_axis.norm();
  if (off_norm > kTouchingTolerance * scale) return off_axis / off_norm;
  return line.half_length > 0.0 ? unit_perpendicular(line.axis) : Vec3::UnitZ();
}

}  // namespace relcp::geometry
