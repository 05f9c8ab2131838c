#pragma once
// The Euclidean projection onto an intersection of second-order cones that share one normal
// component: the set of (n, z_1, ..., z_k) with ||z_j|| <= c_j n for every j. A frictional contact
// with rolling and spinning resistance (docs/friction.md) has such a cone: z_1 the tangential
// force (c_1 = mu), z_2 the rolling resistance (c_2 = the rolling coefficient), z_3 the spinning
// resistance (c_3 = the spinning coefficient, a one-dimensional z).
//
// For a fixed normal component x the nearest point scales each z_j onto its ball of radius c_j x,
// so the projection reduces to the one-dimensional convex problem
//     min_{x >= 0} (x - n)^2 + sum_j max(||z_j|| - c_j x, 0)^2,
// whose derivative phi(x) = x - n - sum_j c_j max(||z_j|| - c_j x, 0) increases with x. Its root
// is found exactly: with the set A of balls that the projection touches,
//     x = (n + sum_{A} c_j ||z_j||) / (1 + sum_{A} c_j^2),
// starting from every ball in A and dropping the ball with the smallest breakpoint ||z_j|| / c_j
// while x exceeds it (each drop raises x, and the first consistent x is the root). With one ball
// this is the usual second-order cone projection.

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>

namespace relcp::lcp {

// One ball of the cone: `size` consecutive values (1 to 3) and its coefficient c >= 0.
struct ConeBall {
  double* values = nullptr;
  std::size_t size = 0;
  double coefficient = 0.0;
};

inline double ball_norm(const ConeBall& ball) {
  double sum = 0.0;
  for (std::size_t i = 0; i < ball.size; ++i) sum += ball.values[i] * ball.values[i];
  return std::sqrt(sum);
}

// (normal, balls) := its projection onto {||z_j|| <= c_j normal for every ball j}; at most
// kMaxBalls balls.
inline constexpr std::size_t kMaxConeBalls = 3;

inline void project_onto_shared_normal_cones(double& normal, const ConeBall* balls, std::size_t count) {
  std::array<double, kMaxConeBalls> norm{};
  std::array<bool, kMaxConeBalls> touched{};
  double polar = normal;  // n + sum c_j ||z_j||: <= 0 exactly when (n, z) lies in the polar cone
  bool inside = normal >= 0.0;
  for (std::size_t j = 0; j < count; ++j) {
    norm[j] = ball_norm(balls[j]);
    polar += balls[j].coefficient * norm[j];
    inside = inside && norm[j] <= balls[j].coefficient * normal;
    touched[j] = balls[j].coefficient > 0.0 && norm[j] > 0.0;
  }
  if (inside) return;
  if (polar <= 0.0) {
    normal = 0.0;
    for (std::size_t j = 0; j < count; ++j) std::fill(balls[j].values, balls[j].values + balls[j].size, 0.0);
    return;
  }
  double x = normal;
  for (;;) {
    double numerator = normal;
    double denominator = 1.0;
    std::size_t lowest = count;  // the touched ball with the smallest breakpoint
    for (std::size_t j = 0; j < count; ++j) {
      if (!touched[j]) continue;
      const double c = balls[j].coefficient;
      numerator += c * norm[j];
      denominator += c * c;
      if (lowest == count || norm[j] / c < norm[lowest] / balls[lowest].coefficient) lowest = j;
    }
    x = numerator / denominator;
    if (lowest == count || balls[lowest].coefficient * x <= norm[lowest]) break;
    touched[lowest] = false;
  }
  normal = x;
  for (std::size_t j = 0; j < count; ++j) {
    const double radius = balls[j].coefficient * x;
    if (norm[j] <= radius) continue;
    const double shrink = norm[j] > 0.0 ? radius / norm[j] : 0.0;
    for (std::size_t i = 0; i < balls[j].size; ++i) balls[j].values[i] *= shrink;
  }
}

}  // namespace relcp::lcp
