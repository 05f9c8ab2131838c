#pragma once
// Distances between circles: point to circle in closed form, circle to circle as the local
// minima of the closed-form distance from one circle's moving point to the other circle.

#include <vector>

#include "core/types.hpp"
#include "geometry/distance/circle.hpp"
#include "geometry/distance/periodic_minima.hpp"

namespace relcp::geometry {

// Angle of the point of `circle` closest to `query`. A query on the circle's axis is equally
// far from every point of the circle; angle 0 is returned then.
double closest_angle_on_circle(const Circle& circle, const Vec3& query);
// The point itself (the one at angle 0 for a query on the axis).
Vec3 closest_point_on_circle(const Circle& circle, const Vec3& query);

// Squared distance from moving.point(angle) to the circle `fixed`, and its derivative.
ValueAndSlope squared_distance_to_circle(const Circle& moving, double angle, const Circle& fixed);

struct CirclePairMinimum {
  double angle_a = 0.0;
  double angle_b = 0.0;
  double distance = 0.0;  // |a.point(angle_a) - b.point(angle_b)|
  int iterations = 0;
  bool converged = false;
};

// Every local minimum of |a.point(s) - b.point(t)| over both angles, shortest first. The search
// runs along the smaller circle, on which the reduced distance varies on the scale of a radian.
// options.cut (and cut_at_best) is on that distance: minima beyond it may be left out.
std::vector<CirclePairMinimum> circle_circle_local_minima(const Circle& a, const Circle& b,
                                                          const PeriodicMinimaOptions& options);

}  // namespace relcp::geometry
