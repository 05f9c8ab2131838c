#include "geometry/separation/convex_separation.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <numeric>
#include <optional>

#include "geometry/distance/perpendicular.hpp"
#include "geometry/separation/separation_objective.hpp"

namespace relcp::geometry {
namespace {

constexpr double kMaxStepAngle = 0.5;            // radians per step, before the line search
constexpr double kNegativeCurvatureStep = 0.25;  // radians, to leave a saddle or a minimum
constexpr int kMaxHalvings = 40;
constexpr int kOverlapSeeds = 8;
constexpr double kDistinctSeedCosine = 0.8;
constexpr double kRidgeSeedTolerance = 1e-14;  // |axis.nu| under which a seed starts on the ridge
// Relative to the bodies' size: curvature below the floor is treated as singular, and a local
// maximum may show curvature down to minus the tolerance (rounding).
constexpr double kCurvatureFloor = 1e-12;
constexpr double kCurvatureTolerance = 1e-8;
constexpr double kEpsilon = std::numeric_limits<double>::epsilon();

// The symmetric 2x2 matrix [[p, q], [q, r]].
struct Symmetric2 {
  double p = 0.0;
  double q = 0.0;
  double r = 0.0;

  double half_gap() const {
    const double half_difference = 0.5 * (p - r);
    return std::sqrt(half_difference * half_difference + q * q);
  }
  double min_eigenvalue() const { return 0.5 * (p + r) - half_gap(); }
  double max_eigenvalue() const { return 0.5 * (p + r) + half_gap(); }
  Eigen::Vector2d solve(const Eigen::Vector2d& rhs, double shift) const {
    const double a = p + shift;
    const double c = r + shift;
    const double det = a * c - q * q;
    return Eigen::Vector2d(c * rhs(0) - q * rhs(1), a * rhs(1) - q * rhs(0)) / det;
  }
  Eigen::Vector2d min_eigenvector() const {
    const double lambda = min_eigenvalue();
    // Rows of (K - lambda I) are orthogonal to the eigenvector; use the larger one.
    const Eigen::Vector2d from_first(-q, p - lambda);
    const Eigen::Vector2d from_second(r - lambda, -q);
    const Eigen::Vector2d w = from_first.squaredNorm() >= from_second.squaredNorm() ? from_first : from_second;
    return w.squaredNorm() > 0.0 ? Eigen::Vector2d(w.normalized()) : Eigen::Vector2d::UnitX();
  }
};

struct SeedRun {
  Vec3 nu = Vec3::UnitX();
  double segment_coefficient = 0.0;
  double phi = -std::numeric_limits<double>::infinity();
  bool converged = false;
  int iterations = 0;
};

// A proposed ascent step (tangent at nu) and whether nu itself is a local maximum.
struct Proposal {
  Vec3 step = Vec3::Zero();
  bool at_local_maximum = false;
};

class SphereNewton {
 public:
  SphereNewton(const SeparationObjective& objective, double tolerance, double scale, int max_iterations)
      : objective_(objective),
        tolerance_(tolerance),
        curvature_floor_(kCurvatureFloor * scale),
        curvature_tolerance_(kCurvatureTolerance * scale),
        slack_(16.0 * kEpsilon * (objective.offset().norm() + scale)),
        max_iterations_(max_iterations) {}

  SeedRun run(const Vec3& seed) const {
    Vec3 nu = seed.normalized();
    int side = 1;  // the hemisphere sign(axis.nu), 0 on the ridge; +1 when there is no segment
    if (objective_.has_segment()) {
      const double along = objective_.axis().dot(nu);
      side = std::abs(along) <= kRidgeSeedTolerance ? 0 : (along > 0.0 ? 1 : -1);
      if (side == 0) nu = onto_ridge(nu);
    }
    SeedRun run;
    for (int iteration = 0;; ++iteration) {
      SeparationObjective::Local local = objective_.local(nu, side);
      bool leaving_ridge = false;
      if (side == 0 && std::abs(local.ridge_multiplier) > objective_.half_length() + tolerance_) {
        // The other body's point projects beyond the segment: the maximum is off the ridge.
        side = local.ridge_multiplier > 0.0 ? 1 : -1;
        local = objective_.local(nu, side);
        leaving_ridge = true;
      }
      run.nu = nu;
      run.segment_coefficient = local.segment_coefficient;
      run.phi = local.phi;
      run.iterations = iteration;
      const double residual = (local.gradient - local.gradient.dot(nu) * nu).norm();
      const Proposal proposal = side == 0 ? ridge_proposal(nu, local) : sphere_proposal(nu, local, leaving_ridge);
      if (residual <= tolerance_ && proposal.at_local_maximum) {
        run.converged = true;
        return run;
      }
      if (iteration == max_iterations_ || !line_search(nu, side, local.phi, proposal.step)) {
        return run;
      }
    }
  }

 private:
  Vec3 onto_ridge(const Vec3& v) const {
    const Vec3& axis = objective_.axis();
    return (v - axis.dot(v) * axis).normalized();
  }

  Vec3 capped(const Vec3& step) const {
    const double length = step.norm();
    return length > kMaxStepAngle ? Vec3(step * (kMaxStepAngle / length)) : step;
  }

  // Newton step in the tangent plane. The Riemannian Hessian of Phi is -E^T (H + Phi I) E
  // (H the curvature of the supports, Phi = gradient.nu by homogeneity), so K = E^T H E + Phi I
  // must be positive definite at a maximum; where it is not, K is shifted until it is.
  Proposal sphere_proposal(const Vec3& nu, const SeparationObjective::Local& local, bool leaving_ridge) const {
    const Vec3 e1 = unit_perpendicular(nu);
    const Vec3 e2 = nu.cross(e1);
    const Vec3 h1 = local.curvature * e1;
    const Vec3 h2 = local.curvature * e2;
    const Symmetric2 k{e1.dot(h1) + local.phi, 0.5 * (e1.dot(h2) + e2.dot(h1)), e2.dot(h2) + local.phi};
    const Eigen::Vector2d g(e1.dot(local.gradient), e2.dot(local.gradient));
    const double lambda_min = k.min_eigenvalue();
    const double lambda_max = k.max_eigenvalue();
    Proposal proposal;
    proposal.at_local_maximum = lambda_min >= -curvature_tolerance_;
    Eigen::Vector2d delta;
    if (leaving_ridge) {
      // A gradient step: the Newton step of the new side may point back across the ridge.
      delta = g / std::max({lambda_max, g.norm() / kMaxStepAngle, curvature_floor_});
    } else if (lambda_min > curvature_floor_) {
      delta = k.solve(g, 0.0);
    } else if (g.norm() > tolerance_) {
      const double shift = curvature_floor_ - lambda_min + 0.1 * (std::abs(lambda_min) + std::abs(lambda_max));
      delta = k.solve(g, shift);
    } else {
      // Stationary but not a maximum (a saddle or minimum, e.g. a seed on a symmetry axis).
      Eigen::Vector2d w = k.min_eigenvector();
      if (w.dot(g) < 0.0) w = -w;
      delta = kNegativeCurvatureStep * w;
    }
    proposal.step = capped(delta(0) * e1 + delta(1) * e2);
    return proposal;
  }

  // On the ridge the objective is smooth along the great circle axis.nu = 0.
  Proposal ridge_proposal(const Vec3& nu, const SeparationObjective::Local& local) const {
    const Vec3 e = objective_.axis().cross(nu).normalized();
    const double g = e.dot(local.gradient);
    const double k = e.dot(local.curvature * e) + local.phi;
    Proposal proposal;
    proposal.at_local_maximum = k >= -curvature_tolerance_;
    double angle = 0.0;
    if (k > curvature_floor_) {
      angle = g / k;
    } else if (std::abs(g) > tolerance_) {
      angle = std::copysign(kMaxStepAngle, g);
    } else {
      angle = kNegativeCurvatureStep;
    }
    proposal.step = capped(angle * e);
    return proposal;
  }

  // Backtracking until Phi does not decrease (beyond rounding). A step of the smooth side that
  // would cross the ridge stops on it instead.
  bool line_search(Vec3& nu, int& side, double phi, Vec3 step) const {
    const Vec3& axis = objective_.axis();
    for (int halving = 0; halving <= kMaxHalvings; ++halving, step *= 0.5) {
      Vec3 candidate = nu + step;
      int candidate_side = side;
      if (objective_.has_segment()) {
        if (side == 0) {
          candidate = onto_ridge(candidate);
        } else if (side * axis.dot(candidate) < 0.0) {
          const double fraction = axis.dot(nu) / (axis.dot(nu) - axis.dot(candidate));
          candidate = onto_ridge(nu + fraction * step);
          candidate_side = 0;
        } else {
          candidate.normalize();
        }
      } else {
        candidate.normalize();
      }
      if (objective_.value(candidate) >= phi - slack_) {
        nu = candidate;
        side = candidate_side;
        return true;
      }
    }
    return false;
  }

  const SeparationObjective& objective_;
  double tolerance_;
  double curvature_floor_;
  double curvature_tolerance_;
  double slack_;
  int max_iterations_;
};

// Starting directions for overlapping bodies, best Phi first: +- the centre difference, +- both
// bodies' principal axes, +- the ridge directions of a segment, and the 26 cube directions.
class OverlapSeeds {
 public:
  OverlapSeeds(const ConvexSupport& a, const ConvexSupport& b, const SeparationObjective& objective) {
    add_both(objective.offset());
    for (int i = 0; i < 3; ++i) {
      add_both(a.principal_axes().col(i));
      add_both(b.principal_axes().col(i));
    }
    if (objective.has_segment()) {
      const Vec3& axis = objective.axis();
      add_both(objective.offset() - objective.offset().dot(axis) * axis);
      add_both(axis.cross(objective.offset()));
    }
    for (int x = -1; x <= 1; ++x) {
      for (int y = -1; y <= 1; ++y) {
        for (int z = -1; z <= 1; ++z) {
          if (x != 0 || y != 0 || z != 0) add(Vec3(x, y, z).normalized());
        }
      }
    }
    for (int i = 0; i < count_; ++i) value_[i] = objective.value(direction_[i]);
    std::iota(order_.begin(), order_.begin() + count_, 0);
    std::stable_sort(order_.begin(), order_.begin() + count_, [&](int i, int j) { return value_[i] > value_[j]; });
  }

  int size() const { return count_; }
  const Vec3& ranked(int rank) const { return direction_[order_[rank]]; }

 private:
  static constexpr int kCapacity = 2 + 12 + 4 + 26;

  void add(const Vec3& unit) { direction_[count_++] = unit; }
  void add_both(const Vec3& v) {
    const double length = v.norm();
    if (length > 0.0) {
      add(v / length);
      add(-v / length);
    }
  }

  std::array<Vec3, kCapacity> direction_;
  std::array<double, kCapacity> value_{};
  std::array<int, kCapacity> order_{};
  int count_ = 0;
};

bool better(const SeedRun& candidate, const std::optional<SeedRun>& best) {
  if (!best) return true;
  if (candidate.converged != best->converged) return candidate.converged;
  return candidate.phi > best->phi;
}

}  // namespace

SignedSeparation convex_separation(const ConvexSupport& a, const Vec3& centre_a, const ConvexSupport& b,
                                   const Vec3& centre_b, const SeparationOptions& options) {
  const SeparationObjective objective(a, centre_a, b, centre_b);
  const double scale = a.bounding_radius() + b.bounding_radius();
  const double offset_norm = objective.offset().norm();
  const double tolerance = std::max(options.tolerance * scale, 64.0 * kEpsilon * (offset_norm + scale));
  const SphereNewton newton(objective, tolerance, scale, options.max_iterations);

  std::optional<SeedRun> best;
  int iterations = 0;
  std::array<Vec3, kOverlapSeeds> tried;
  int tried_count = 0;
  const auto refine = [&](const Vec3& seed) {
    const SeedRun run = newton.run(seed);
    iterations += run.iterations;
    tried[tried_count++] = seed;
    if (better(run, best)) best = run;
  };

  if (offset_norm > 0.0) refine(objective.offset() / offset_norm);
  // A stationary point nu' with Phi_core(nu') = -delta > -R is the global maximum, R being the
  // sum of the cores' rolling radii (a ball of radius R rolls freely inside the Minkowski sum
  // K = A_core + (-B_core), since the balls rolling in the two cores add up). Proof: with
  // o = offset and y' the support point of K at nu', stationarity gives o = y' - delta nu'; the
  // ball of radius R inside K tangent at y' has its centre c' = y' - R nu' at |o - c'| = R - delta,
  // so for every unit nu, Phi_core(nu) = o.nu - h_K(nu) <= (o - c').nu - R <= -delta. This covers
  // separated cores (delta < 0: a positive local maximum of the concave, 1-homogeneous Phi_core
  // is global) and overlaps shallower than R (every contact of a step for the paper's
  // ellipsoids, R = 1 for radii (1, 1, 2)); only deeper overlaps need the multi-start below.
  const double rolling_radius = a.core_rolling_radius() + b.core_rolling_radius();
  const bool certified_global = best && best->converged && best->phi > -rolling_radius;
  if (!certified_global) {
    const OverlapSeeds seeds(a, b, objective);
    for (int rank = 0; rank < seeds.size() && tried_count < kOverlapSeeds; ++rank) {
      const Vec3& seed = seeds.ranked(rank);
      const bool distinct = std::none_of(tried.begin(), tried.begin() + tried_count,
                                         [&](const Vec3& t) { return t.dot(seed) > kDistinctSeedCosine; });
      if (distinct) refine(seed);
    }
  }

  SignedSeparation result = objective.contact(best->nu, best->segment_coefficient);
  result.iterations = iterations;
  result.converged = best->converged;
  return result;
}

}  // namespace relcp::geometry
