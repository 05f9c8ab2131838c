#pragma once
// The shared-normal signed distance of a pair whose cores are ellipsoids or points (ellipsoids
// and spheres, one ellipsoid at least), written once for the host and for CUDA kernels
// (collision/device/device_separations.cu, docs/gpu.md "Separations on the device"). It
// follows signed_separation_below (signed_separation.cpp) and convex_separation
// (convex_separation.cpp) step for step on the common path of a packing:
//   - Phi at the centre-to-centre direction first; at or above the threshold it is the answer
//     (bound_only);
//   - otherwise Newton's method on the sphere from that direction, with the same shifted steps,
//     step cap, backtracking and stopping rule;
//   - a converged maximum shallower than the cores' rolling radii is the global one
//     (convex_separation.cpp's certificate).
// What that path does not settle (coincident centres, a deep overlap that needs the multi-start
// seeds, no convergence) is left to the host's signed_separation_below: the function returns
// false. Plain arrays, no Eigen and no standard library beyond <cmath>, so the same code runs in
// a kernel.

#include <cmath>

#include "core/host_device.hpp"

namespace relcp::geometry::core_pair {

// One body of a pair: the core's shape matrix Q = R diag(radii^2) R^T (zero for a point core),
// the ball radius added to it, and the radii the separation's tolerance and certificate use.
struct CoreBody {
  double centre[3] = {0.0, 0.0, 0.0};
  double shape[9] = {0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0};  // row-major
  double ball_radius = 0.0;
  double bounding_radius = 0.0;
  double rolling_radius = 0.0;  // of the core: a_min^2 / a_max, 0 for a point
  bool ellipsoid = false;
};

// SignedSeparation's fields, as plain arrays.
struct SeparationRecord {
  double phi = 0.0;
  double point_a[3] = {0.0, 0.0, 0.0};
  double point_b[3] = {0.0, 0.0, 0.0};
  double normal[3] = {1.0, 0.0, 0.0};
  int iterations = 0;
  bool converged = false;
  bool bound_only = false;
};

struct V3 {
  double x = 0.0, y = 0.0, z = 0.0;
};

RELCP_HOST_DEVICE inline V3 operator+(V3 a, V3 b) { return {a.x + b.x, a.y + b.y, a.z + b.z}; }
RELCP_HOST_DEVICE inline V3 operator-(V3 a, V3 b) { return {a.x - b.x, a.y - b.y, a.z - b.z}; }
RELCP_HOST_DEVICE inline V3 operator*(double s, V3 a) { return {s * a.x, s * a.y, s * a.z}; }
RELCP_HOST_DEVICE inline double dot(V3 a, V3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
RELCP_HOST_DEVICE inline double norm(V3 a) { return std::sqrt(dot(a, a)); }
RELCP_HOST_DEVICE inline V3 normalized(V3 a) { return (1.0 / norm(a)) * a; }
RELCP_HOST_DEVICE inline V3 cross(V3 a, V3 b) {
  return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}
RELCP_HOST_DEVICE inline V3 load(const double* v) { return {v[0], v[1], v[2]}; }
RELCP_HOST_DEVICE inline void store(V3 a, double* out) {
  out[0] = a.x;
  out[1] = a.y;
  out[2] = a.z;
}
RELCP_HOST_DEVICE inline V3 times(const double* m, V3 v) {
  return {m[0] * v.x + m[1] * v.y + m[2] * v.z, m[3] * v.x + m[4] * v.y + m[5] * v.z,
          m[6] * v.x + m[7] * v.y + m[8] * v.z};
}
// The unit vector perpendicular to v that geometry::unit_perpendicular picks: v crossed with
// the lab axis least aligned with it (the first such axis on a tie).
RELCP_HOST_DEVICE inline V3 unit_perpendicular(V3 v) {
  const double ax = std::fabs(v.x), ay = std::fabs(v.y), az = std::fabs(v.z);
  int least = 0;
  double smallest = ax;
  if (ay < smallest) {
    least = 1;
    smallest = ay;
  }
  if (az < smallest) least = 2;
  const V3 axis{least == 0 ? 1.0 : 0.0, least == 1 ? 1.0 : 0.0, least == 2 ? 1.0 : 0.0};
  return normalized(cross(v, axis));
}

// A body from its pose (orientation w, x, y, z: unit) and shape: an ellipsoid's semi-axes, or
// radii zero and the sphere's radius as ball_radius.
RELCP_HOST_DEVICE inline CoreBody make_core_body(const double position[3], const double orientation[4],
                                                 const double radii[3], double ball_radius, bool ellipsoid) {
  CoreBody body;
  for (int i = 0; i < 3; ++i) body.centre[i] = position[i];
  body.ball_radius = ball_radius;
  body.ellipsoid = ellipsoid;
  if (!ellipsoid) {
    body.bounding_radius = ball_radius;
    return body;
  }
  // Eigen's Quaternion::toRotationMatrix.
  const double w = orientation[0], x = orientation[1], y = orientation[2], z = orientation[3];
  const double tx = 2.0 * x, ty = 2.0 * y, tz = 2.0 * z;
  const double twx = tx * w, twy = ty * w, twz = tz * w;
  const double txx = tx * x, txy = ty * x, txz = tz * x;
  const double tyy = ty * y, tyz = tz * y, tzz = tz * z;
  const double r[9] = {1.0 - (tyy + tzz), txy - twz,         txz + twy,  //
                       txy + twz,         1.0 - (txx + tzz), tyz - twx,  //
                       txz - twy,         tyz + twx,         1.0 - (txx + tyy)};
  const double squared[3] = {radii[0] * radii[0], radii[1] * radii[1], radii[2] * radii[2]};
  for (int i = 0; i < 3; ++i) {
    for (int j = 0; j < 3; ++j) {
      body.shape[3 * i + j] = r[3 * i] * squared[0] * r[3 * j] + r[3 * i + 1] * squared[1] * r[3 * j + 1] +
                              r[3 * i + 2] * squared[2] * r[3 * j + 2];
    }
  }
  body.bounding_radius = std::fmax(radii[0], std::fmax(radii[1], radii[2]));
  const double a0 = std::fabs(radii[0]), a1 = std::fabs(radii[1]), a2 = std::fabs(radii[2]);
  const double largest = std::fmax(a0, std::fmax(a1, a2));
  const double smallest = std::fmin(a0, std::fmin(a1, a2));
  body.rolling_radius = largest > 0.0 ? smallest * smallest / largest : 0.0;
  return body;
}

// Phi_core and its derivatives at a unit nu (separation_objective.cpp without a segment).
class CoreObjective {
 public:
  RELCP_HOST_DEVICE CoreObjective(const CoreBody& a, const CoreBody& b)
      : a_(a), b_(b), offset_(load(b.centre) - load(a.centre)) {}

  struct Local {
    double phi = 0.0;
    V3 gradient;
    double curvature[9] = {0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0};
  };

  RELCP_HOST_DEVICE V3 offset() const { return offset_; }

  RELCP_HOST_DEVICE double value(V3 nu) const {
    double phi = dot(offset_, nu);
    if (a_.ellipsoid) phi -= std::sqrt(dot(nu, times(a_.shape, nu)));
    if (b_.ellipsoid) phi -= std::sqrt(dot(nu, times(b_.shape, nu)));
    return phi;
  }

  RELCP_HOST_DEVICE Local local(V3 nu) const {
    Local result;
    result.gradient = offset_;
    result.phi = dot(offset_, nu);
    if (a_.ellipsoid) add_ellipsoid(a_.shape, nu, result);
    if (b_.ellipsoid) add_ellipsoid(b_.shape, nu, result);
    return result;
  }

  // The contact at nu, radii included (SeparationObjective::contact).
  RELCP_HOST_DEVICE void contact(V3 nu, SeparationRecord& out) const {
    V3 core_a = load(a_.centre);
    V3 core_b = load(b_.centre);
    if (a_.ellipsoid) {
      const V3 q_nu = times(a_.shape, nu);
      core_a = core_a + (1.0 / std::sqrt(dot(nu, q_nu))) * q_nu;
    }
    if (b_.ellipsoid) {
      const V3 q_nu = times(b_.shape, nu);
      core_b = core_b - (1.0 / std::sqrt(dot(nu, q_nu))) * q_nu;
    }
    store(nu, out.normal);
    out.phi = dot(core_b - core_a, nu) - a_.ball_radius - b_.ball_radius;
    store(core_a + a_.ball_radius * nu, out.point_a);
    store(core_b - b_.ball_radius * nu, out.point_b);
  }

 private:
  RELCP_HOST_DEVICE static void add_ellipsoid(const double* shape, V3 nu, Local& result) {
    const V3 q_nu = times(shape, nu);
    const double h = std::sqrt(dot(nu, q_nu));
    result.phi -= h;
    result.gradient = result.gradient - (1.0 / h) * q_nu;
    const double q[3] = {q_nu.x, q_nu.y, q_nu.z};
    for (int i = 0; i < 3; ++i) {
      for (int j = 0; j < 3; ++j) result.curvature[3 * i + j] += (shape[3 * i + j] - q[i] * q[j] / (h * h)) / h;
    }
  }

  const CoreBody& a_;
  const CoreBody& b_;
  V3 offset_;
};

// Newton's method on the sphere from one seed (convex_separation.cpp's SphereNewton, smooth
// side only).
class CoreSphereNewton {
 public:
  static constexpr double kMaxStepAngle = 0.5;
  static constexpr double kNegativeCurvatureStep = 0.25;
  static constexpr int kMaxHalvings = 40;
  static constexpr double kCurvatureFloor = 1e-12;
  static constexpr double kCurvatureTolerance = 1e-8;
  static constexpr double kEpsilon = 2.220446049250313e-16;

  RELCP_HOST_DEVICE CoreSphereNewton(const CoreObjective& objective, double tolerance, double scale, int max_iterations)
      : objective_(objective),
        tolerance_(tolerance),
        curvature_floor_(kCurvatureFloor * scale),
        curvature_tolerance_(kCurvatureTolerance * scale),
        slack_(16.0 * kEpsilon * (norm(objective.offset()) + scale)),
        max_iterations_(max_iterations) {}

  struct Run {
    V3 nu;
    double phi = 0.0;
    bool converged = false;
    int iterations = 0;
  };

  RELCP_HOST_DEVICE Run run(V3 seed) const {
    V3 nu = normalized(seed);
    Run run;
    for (int iteration = 0;; ++iteration) {
      const CoreObjective::Local local = objective_.local(nu);
      run.nu = nu;
      run.phi = local.phi;
      run.iterations = iteration;
      const double residual = norm(local.gradient - dot(local.gradient, nu) * nu);
      bool at_local_maximum = false;
      const V3 step = proposal(nu, local, at_local_maximum);
      if (residual <= tolerance_ && at_local_maximum) {
        run.converged = true;
        return run;
      }
      if (iteration == max_iterations_ || !line_search(nu, local.phi, step)) return run;
    }
  }

 private:
  RELCP_HOST_DEVICE V3 capped(V3 step) const {
    const double length = norm(step);
    return length > kMaxStepAngle ? (kMaxStepAngle / length) * step : step;
  }

  // The Newton step in the tangent plane, K = E^T H E + Phi I shifted where it is not positive
  // definite (convex_separation.cpp, sphere_proposal).
  RELCP_HOST_DEVICE V3 proposal(V3 nu, const CoreObjective::Local& local, bool& at_local_maximum) const {
    const V3 e1 = unit_perpendicular(nu);
    const V3 e2 = cross(nu, e1);
    const V3 h1 = times(local.curvature, e1);
    const V3 h2 = times(local.curvature, e2);
    const double p = dot(e1, h1) + local.phi;
    const double q = 0.5 * (dot(e1, h2) + dot(e2, h1));
    const double r = dot(e2, h2) + local.phi;
    const double g0 = dot(e1, local.gradient);
    const double g1 = dot(e2, local.gradient);
    const double half_difference = 0.5 * (p - r);
    const double half_gap = std::sqrt(half_difference * half_difference + q * q);
    const double lambda_min = 0.5 * (p + r) - half_gap;
    const double lambda_max = 0.5 * (p + r) + half_gap;
    at_local_maximum = lambda_min >= -curvature_tolerance_;
    double d0 = 0.0, d1 = 0.0;
    const auto solve = [&](double shift) {
      const double a = p + shift;
      const double c = r + shift;
      const double det = a * c - q * q;
      d0 = (c * g0 - q * g1) / det;
      d1 = (a * g1 - q * g0) / det;
    };
    if (lambda_min > curvature_floor_) {
      solve(0.0);
    } else if (std::sqrt(g0 * g0 + g1 * g1) > tolerance_) {
      solve(curvature_floor_ - lambda_min + 0.1 * (std::fabs(lambda_min) + std::fabs(lambda_max)));
    } else {
      // A saddle or a minimum: along the eigenvector of the least eigenvalue.
      double w0 = -q, w1 = p - lambda_min;
      const double v0 = r - lambda_min, v1 = -q;
      if (v0 * v0 + v1 * v1 > w0 * w0 + w1 * w1) {
        w0 = v0;
        w1 = v1;
      }
      const double length = std::sqrt(w0 * w0 + w1 * w1);
      if (length > 0.0) {
        w0 /= length;
        w1 /= length;
      } else {
        w0 = 1.0;
        w1 = 0.0;
      }
      if (w0 * g0 + w1 * g1 < 0.0) {
        w0 = -w0;
        w1 = -w1;
      }
      d0 = kNegativeCurvatureStep * w0;
      d1 = kNegativeCurvatureStep * w1;
    }
    return capped(d0 * e1 + d1 * e2);
  }

  RELCP_HOST_DEVICE bool line_search(V3& nu, double phi, V3 step) const {
    for (int halving = 0; halving <= kMaxHalvings; ++halving, step = 0.5 * step) {
      const V3 candidate = normalized(nu + step);
      if (objective_.value(candidate) >= phi - slack_) {
        nu = candidate;
        return true;
      }
    }
    return false;
  }

  const CoreObjective& objective_;
  double tolerance_;
  double curvature_floor_;
  double curvature_tolerance_;
  double slack_;
  int max_iterations_;
};

// The pair's separation where it may lie below `threshold` (signed_separation_below with the
// given SeparationOptions' tolerance and iteration cap). Returns false, with `out` untouched,
// where the host must decide.
RELCP_HOST_DEVICE inline bool separation_below(const CoreBody& a, const CoreBody& b, double threshold, double tolerance,
                                               int max_iterations, SeparationRecord& out) {
  const CoreObjective objective(a, b);
  const V3 offset = objective.offset();
  const double distance = norm(offset);
  if (!(distance > 0.0)) return false;
  const V3 nu = (1.0 / distance) * offset;
  const double bound = objective.value(nu) - a.ball_radius - b.ball_radius;
  if (bound >= threshold) {
    SeparationRecord record;
    objective.contact(nu, record);
    record.phi = bound;
    record.bound_only = true;
    out = record;
    return true;
  }
  const double scale = a.bounding_radius + b.bounding_radius;
  const double absolute = std::fmax(tolerance * scale, 64.0 * CoreSphereNewton::kEpsilon * (distance + scale));
  const CoreSphereNewton newton(objective, absolute, scale, max_iterations);
  const CoreSphereNewton::Run run = newton.run(nu);
  if (!run.converged || !(run.phi > -(a.rolling_radius + b.rolling_radius))) return false;
  SeparationRecord record;
  objective.contact(run.nu, record);
  record.iterations = run.iterations;
  record.converged = true;
  out = record;
  return true;
}

}  // namespace relcp::geometry::core_pair
