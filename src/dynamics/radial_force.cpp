#include "dynamics/radial_force.hpp"

#include <cmath>

#include "core/error.hpp"
#include "core/parallel_loops.hpp"

namespace relcp::dynamics {
namespace {

// Below this r the series (terms through r^13 / 15!) is used: its truncation error stays below
// 1e-17 relative, while r - sin r would lose up to ~1e-15 relative to cancellation at r = 0.5
// and everything as r -> 0.
constexpr double kSeriesLimit = 0.5;

}  // namespace

RadialForce::RadialForce(const Vec3& center, double scale, double sign) : center_(center), strength_(sign * scale) {
  if (sign != 1.0 && sign != -1.0) throw InputError("sign", "must be +1 or -1");
}

double RadialForce::profile(double r) {
  if (r < kSeriesLimit) {
    // (r - sin r) / r^2 = r (1/3! - r^2/5! + r^4/7! - ... + r^12/15!)
    const double r2 = r * r;
    double sum = 1.0 / 1307674368000.0;   // 1/15!
    sum = 1.0 / 6227020800.0 - r2 * sum;  // 1/13!
    sum = 1.0 / 39916800.0 - r2 * sum;    // 1/11!
    sum = 1.0 / 362880.0 - r2 * sum;      // 1/9!
    sum = 1.0 / 5040.0 - r2 * sum;        // 1/7!
    sum = 1.0 / 120.0 - r2 * sum;         // 1/5!
    sum = 1.0 / 6.0 - r2 * sum;           // 1/3!
    return r * sum;
  }
  return (r - std::sin(r)) / (r * r);
}

Vec3 RadialForce::force_at(const Vec3& position) const {
  const Vec3 offset = position - center_;
  return strength_ * profile(offset.norm()) * offset;
}

void RadialForce::add_to(std::span<particles::Body> bodies) const {
  const auto n = static_cast<std::ptrdiff_t>(bodies.size());
#pragma omp parallel for if (n > kParallelMinimumBodies) schedule(static)
  for (std::ptrdiff_t i = 0; i < n; ++i) {
    particles::Body& body = bodies[static_cast<std::size_t>(i)];
    body.force += force_at(body.pose.position);
  }
}

}  // namespace relcp::dynamics
