#include "geometry/distance/circle_distance.hpp"

#include <algorithm>
#include <cmath>

namespace relcp::geometry {
namespace {

// Below this in-plane distance (relative to the radius) the query is taken to be on the axis.
constexpr double kOnAxisRelative = 1e-15;

// The query's offset from the centre, projected onto the circle's plane.
Vec3 planar_offset(const Circle& circle, const Vec3& query) {
  const Vec3 offset = query - circle.centre;
  return offset - offset.dot(circle.axis) * circle.axis;
}

}  // namespace

double closest_angle_on_circle(const Circle& circle, const Vec3& query) {
  const Vec3 planar = planar_offset(circle, query);
  if (planar.norm() <= kOnAxisRelative * circle.radius) return 0.0;
  return std::atan2(planar.dot(circle.v), planar.dot(circle.u));
}

Vec3 closest_point_on_circle(const Circle& circle, const Vec3& query) {
  const Vec3 planar = planar_offset(circle, query);
  const double norm = planar.norm();
  if (norm <= kOnAxisRelative * circle.radius) return circle.point(0.0);
  return circle.centre + (circle.radius / norm) * planar;
}

ValueAndSlope squared_distance_to_circle(const Circle& moving, double angle, const Circle& fixed) {
  const double cosine = std::cos(angle);
  const double sine = std::sin(angle);
  const Vec3 point = moving.centre + moving.radius * (cosine * moving.u + sine * moving.v);
  const Vec3 tangent = moving.radius * (cosine * moving.v - sine * moving.u);
  const Vec3 difference = point - closest_point_on_circle(fixed, point);
  // The closest point is stationary to first order (envelope theorem), so only `point` moves.
  return {difference.squaredNorm(), 2.0 * difference.dot(tangent)};
}

std::vector<CirclePairMinimum> circle_circle_local_minima(const Circle& a, const Circle& b,
                                                          const PeriodicMinimaOptions& options) {
  const bool search_along_a = a.radius <= b.radius;
  const Circle& moving = search_along_a ? a : b;
  const Circle& fixed = search_along_a ? b : a;

  PeriodicMinimaOptions scaled = options;
  const double scale = a.radius + b.radius + (a.centre - b.centre).norm();
  scaled.flat_tolerance = std::max(options.flat_tolerance, 1e-13 * scale * scale);
  // The distance (the square root of the reduced value) to the fixed circle changes by at most
  // the moving radius per radian.
  scaled.lipschitz = moving.radius;
  scaled.bounded = [](double squared) { return std::sqrt(std::max(squared, 0.0)); };
  const auto reduced = [&](double angle) { return squared_distance_to_circle(moving, angle, fixed); };

  std::vector<CirclePairMinimum> minima;
  for (const AngleMinimum& found : periodic_local_minima(reduced, scaled)) {
    const double moving_angle = found.angle;
    const double fixed_angle = closest_angle_on_circle(fixed, moving.point(moving_angle));
    CirclePairMinimum minimum;
    minimum.angle_a = search_along_a ? moving_angle : fixed_angle;
    minimum.angle_b = search_along_a ? fixed_angle : moving_angle;
    minimum.distance = (a.point(minimum.angle_a) - b.point(minimum.angle_b)).norm();
    minimum.iterations = found.iterations;
    minimum.converged = found.converged;
    minima.push_back(minimum);
  }
  std::stable_sort(minima.begin(), minima.end(),
                   [](const CirclePairMinimum& x, const CirclePairMinimum& y) { return x.distance < y.distance; });
  return minima;
}

}  // namespace relcp::geometry
