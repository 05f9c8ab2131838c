#include "geometry/distance/point_ellipsoid_distance.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <numeric>

namespace relcp::geometry {
namespace {

// Semi-axes sorted decreasingly with the query's absolute coordinates in the same order; the
// closest point then lies in the first octant.
struct SortedProblem {
  std::array<double, 3> radii{};
  std::array<double, 3> query{};
};

// The multiplier of closest_point_positive: with u(sigma) = G(sigma + ...)^(-1/2), a power mean of
// negative order of the affine (sigma + r_i - 1) / (r_i z_i), u is increasing and concave, and
// exactly linear where one term dominates. Newton from the bracket's low end (u <= 1) therefore
// climbs monotonically to the root, in a few steps from any distance.
template <int dimension>
double multiplier_by_newton(const std::array<double, dimension>& ratio, const std::array<double, dimension>& scaled,
                            double lo, double hi) {
  constexpr int kMaxSteps = 60;
  double sigma = lo;
  for (int step = 0; step < kMaxSteps; ++step) {
    double sum = 0.0, derivative_sum = 0.0;
    for (int i = 0; i < dimension; ++i) {
      const double inverse = 1.0 / (sigma + (ratio[i] - 1.0));
      const double term = ratio[i] * scaled[i] * inverse;
      sum += term * term;
      derivative_sum += term * term * inverse;
    }
    if (sum <= 1.0) return sigma;  // at or past the root by rounding
    // u = sum^(-1/2), u' = sum^(-3/2) * derivative_sum; the step (1 - u) / u'.
    const double u = 1.0 / std::sqrt(sum);
    const double next = std::min(hi, sigma + (1.0 - u) * sum / (u * derivative_sum));
    if (!(next > sigma)) return sigma;
    sigma = next;
  }
  return sigma;
}

// Closest point for a query with every coordinate positive, the `dimension` semi-axes sorted
// decreasingly. With r_i = (e_i / e_min)^2, z_i = y_i / e_i and the shifted multiplier
// sigma = t / e_min^2 + 1 > 0, sigma is the root of G(sigma) = sum (r_i z_i / (sigma + r_i - 1))^2
// - 1, decreasing on (0, inf); solving for sigma (not t) keeps relative accuracy near sigma = 0.
template <int dimension>
std::array<double, dimension> closest_point_positive(const std::array<double, dimension>& e,
                                                     const std::array<double, dimension>& y) {
  const double smallest = e[dimension - 1];
  std::array<double, dimension> ratio{};
  std::array<double, dimension> scaled{};
  double outside_measure = -1.0;
  double weighted_norm_squared = 0.0;
  for (int i = 0; i < dimension; ++i) {
    ratio[i] = (e[i] / smallest) * (e[i] / smallest);
    scaled[i] = y[i] / e[i];
    outside_measure += scaled[i] * scaled[i];
    weighted_norm_squared += ratio[i] * scaled[i] * ratio[i] * scaled[i];
  }
  if (outside_measure == 0.0) return y;  // on the surface
  // G(z_min) >= 0 from the smallest axis' term alone; G(|R z|) <= 0 term by term; G(1) is the
  // query's level-set value minus one.
  const bool inside = outside_measure < 0.0;
  const double lo = inside ? scaled[dimension - 1] : 1.0;
  const double hi = inside ? 1.0 : std::sqrt(weighted_norm_squared);
  const double sigma = multiplier_by_newton<dimension>(ratio, scaled, lo, hi);
  std::array<double, dimension> x{};
  for (int i = 0; i < dimension; ++i) x[i] = ratio[i] * y[i] / (sigma + (ratio[i] - 1.0));
  return x;
}

// Ellipse with semi-axes e0 >= e1, query (y0, y1) >= 0.
std::array<double, 2> closest_point_ellipse(const std::array<double, 2>& e, const std::array<double, 2>& y) {
  if (y[1] > 0.0) {
    if (y[0] > 0.0) return closest_point_positive<2>(e, y);
    return {0.0, e[1]};
  }
  // On the major axis: inside the evolute's cusp the closest point leaves the axis.
  const double denominator = e[0] * e[0] - e[1] * e[1];
  if (e[0] * y[0] < denominator) {
    const double x0 = e[0] * e[0] * y[0] / denominator;
    const double ratio = x0 / e[0];
    return {x0, e[1] * std::sqrt(std::max(0.0, 1.0 - ratio * ratio))};
  }
  return {e[0], 0.0};
}

std::array<double, 3> closest_point_sorted(const std::array<double, 3>& e, const std::array<double, 3>& y) {
  if (y[2] > 0.0) {
    if (y[1] > 0.0) {
      if (y[0] > 0.0) return closest_point_positive<3>(e, y);
      const auto x = closest_point_ellipse({e[1], e[2]}, {y[1], y[2]});
      return {0.0, x[0], x[1]};
    }
    if (y[0] > 0.0) {
      const auto x = closest_point_ellipse({e[0], e[2]}, {y[0], y[2]});
      return {x[0], 0.0, x[1]};
    }
    return {0.0, 0.0, e[2]};
  }
  // On the plane of the two largest axes: near the centre the closest point leaves the plane.
  const double denominator0 = e[0] * e[0] - e[2] * e[2];
  const double denominator1 = e[1] * e[1] - e[2] * e[2];
  if (denominator1 > 0.0 && e[0] * y[0] < denominator0 && e[1] * y[1] < denominator1) {
    const double x0_ratio = e[0] * y[0] / denominator0;
    const double x1_ratio = e[1] * y[1] / denominator1;
    const double remainder = 1.0 - x0_ratio * x0_ratio - x1_ratio * x1_ratio;
    if (remainder > 0.0) {
      return {e[0] * x0_ratio, e[1] * x1_ratio, e[2] * std::sqrt(remainder)};
    }
  }
  const auto x = closest_point_ellipse({e[0], e[1]}, {y[0], y[1]});
  return {x[0], x[1], 0.0};
}

}  // namespace

EllipsoidClosestPoint closest_point_on_ellipsoid(const Vec3& radii, const Vec3& query) {
  // Decreasing radii, ties in axis order (an insertion sort: std::stable_sort allocates).
  std::array<int, 3> order{0, 1, 2};
  for (int k = 1; k < 3; ++k) {
    for (int j = k; j > 0 && radii[order[j]] > radii[order[j - 1]]; --j) std::swap(order[j], order[j - 1]);
  }
  std::array<double, 3> e{};
  std::array<double, 3> y{};
  for (int k = 0; k < 3; ++k) {
    e[k] = radii[order[k]];
    y[k] = std::abs(query[order[k]]);
  }
  const std::array<double, 3> x = closest_point_sorted(e, y);

  EllipsoidClosestPoint result;
  for (int k = 0; k < 3; ++k) {
    result.point[order[k]] = std::copysign(x[k], query[order[k]]);
  }
  const double distance = (result.point - query).norm();
  const double level = query.cwiseQuotient(radii).squaredNorm();
  result.signed_distance = level < 1.0 ? -distance : distance;
  return result;
}

Vec3 ellipsoid_normal(const Vec3& radii, const Vec3& surface_point) {
  return surface_point.cwiseQuotient(radii.cwiseProduct(radii)).normalized();
}

}  // namespace relcp::geometry
