// The host-and-device separation of ellipsoid and sphere pairs (ellipsoid_core_separation.hpp)
// against signed_separation_below on random pairs from far apart to deep overlaps: where it
// settles a pair it gives the host's separation to rounding, and it leaves to the host exactly
// what it cannot certify.
#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <variant>

#include "geometry/separation/ellipsoid_core_separation.hpp"
#include "geometry/separation/signed_separation.hpp"
#include "geometry/shapes/support_function.hpp"

namespace relcp::geometry {
namespace {

struct RandomBody {
  Shape shape;
  Pose pose;
};

core_pair::CoreBody core_of(const RandomBody& body) {
  const Quaternion& q = body.pose.orientation;
  const double orientation[4] = {q.w(), q.x(), q.y(), q.z()};
  if (const auto* ellipsoid = std::get_if<Ellipsoid>(&body.shape)) {
    return core_pair::make_core_body(body.pose.position.data(), orientation, ellipsoid->radii.data(), 0.0, true);
  }
  const double none[3] = {0.0, 0.0, 0.0};
  return core_pair::make_core_body(body.pose.position.data(), orientation, none, std::get<Sphere>(body.shape).radius,
                                   false);
}

Vec3 to_vec(const double* v) { return Vec3(v[0], v[1], v[2]); }

class PairSampler {
 public:
  explicit PairSampler(unsigned seed) : rng_(seed) {}

  // An ellipsoid (radii in [0.3, 2.5]) or, one time in five, a sphere.
  RandomBody body(const Vec3& position) {
    RandomBody out;
    if (uniform(0.0, 1.0) < 0.2) {
      out.shape = Sphere{uniform(0.3, 1.5)};
    } else {
      out.shape = Ellipsoid{Vec3(uniform(0.3, 2.5), uniform(0.3, 2.5), uniform(0.3, 2.5))};
    }
    out.pose.position = position;
    out.pose.orientation = Quaternion(normal_(rng_), normal_(rng_), normal_(rng_), normal_(rng_)).normalized();
    return out;
  }
  Vec3 direction() { return Vec3(normal_(rng_), normal_(rng_), normal_(rng_)).normalized(); }
  double uniform(double low, double high) { return std::uniform_real_distribution<double>(low, high)(rng_); }

 private:
  std::mt19937_64 rng_;
  std::normal_distribution<double> normal_{0.0, 1.0};
};

struct Tally {
  int settled = 0, bound_only = 0, exact = 0, left_to_host = 0;
};

// Pairs at centre distances from deep overlap to well apart, with the threshold of a step's
// first detection (0.2) or of a trial (0).
Tally compare_on_random_pairs(unsigned seed, int count, double threshold) {
  PairSampler sampler(seed);
  Tally tally;
  for (int k = 0; k < count; ++k) {
    const RandomBody a = sampler.body(Vec3(sampler.uniform(-5, 5), sampler.uniform(-5, 5), sampler.uniform(-5, 5)));
    const RandomBody b = sampler.body(a.pose.position + sampler.uniform(0.05, 5.5) * sampler.direction());
    if (std::holds_alternative<Sphere>(a.shape) && std::holds_alternative<Sphere>(b.shape)) continue;
    const SignedSeparation host = signed_separation_below(a.shape, a.pose, b.shape, b.pose, threshold);
    core_pair::SeparationRecord record;
    const SeparationOptions options;
    const bool settled = core_pair::separation_below(core_of(a), core_of(b), threshold, options.tolerance,
                                                     options.max_iterations, record);
    if (!settled) {
      ++tally.left_to_host;
      // Only what the host itself could not certify with one start: a deep overlap or no
      // convergence, never a separated pair.
      EXPECT_FALSE(host.bound_only) << "pair " << k;
      EXPECT_LT(host.phi, 0.0) << "pair " << k;
      continue;
    }
    ++tally.settled;
    const double scale = 10.0;
    EXPECT_NEAR(record.phi, host.phi, 1e-12 * scale) << "pair " << k;
    EXPECT_EQ(record.bound_only, host.bound_only) << "pair " << k;
    EXPECT_EQ(record.converged, host.converged) << "pair " << k;
    EXPECT_GT(to_vec(record.normal).dot(host.normal), 1.0 - 1e-12) << "pair " << k;
    EXPECT_LT((to_vec(record.point_a) - host.point_a).norm(), 1e-9 * scale) << "pair " << k;
    EXPECT_LT((to_vec(record.point_b) - host.point_b).norm(), 1e-9 * scale) << "pair " << k;
    if (record.bound_only) {
      ++tally.bound_only;
      EXPECT_GE(record.phi, threshold);
    } else {
      ++tally.exact;
      EXPECT_EQ(record.iterations, host.iterations) << "pair " << k;
    }
  }
  return tally;
}

TEST(EllipsoidCoreSeparation, MatchesTheHostAtAStepsFirstThreshold) {
  const Tally tally = compare_on_random_pairs(11, 4000, 0.2);
  // Every kind of outcome occurs, so none of the checks above is vacuous.
  EXPECT_GT(tally.bound_only, 500);
  EXPECT_GT(tally.exact, 500);
  EXPECT_GT(tally.left_to_host, 10);
}

TEST(EllipsoidCoreSeparation, MatchesTheHostAtATrialsThreshold) {
  const Tally tally = compare_on_random_pairs(12, 4000, 0.0);
  EXPECT_GT(tally.bound_only, 500);
  EXPECT_GT(tally.exact, 500);
  EXPECT_GT(tally.left_to_host, 10);
}

TEST(EllipsoidCoreSeparation, ShapeMatrixIsTheSupportFunctionsOne) {
  PairSampler sampler(3);
  for (int k = 0; k < 100; ++k) {
    RandomBody body = sampler.body(Vec3::Zero());
    if (!std::holds_alternative<Ellipsoid>(body.shape)) continue;
    const core_pair::CoreBody core = core_of(body);
    const ConvexSupport support = ConvexSupport::of(body.shape, body.pose.orientation);
    for (int i = 0; i < 9; ++i) EXPECT_NEAR(core.shape[i], support.shape_matrix()(i / 3, i % 3), 1e-14 * 6.25);
    EXPECT_DOUBLE_EQ(core.bounding_radius, support.bounding_radius());
    EXPECT_DOUBLE_EQ(core.rolling_radius, support.core_rolling_radius());
  }
}

TEST(EllipsoidCoreSeparation, CoincidentCentresAreLeftToTheHost) {
  PairSampler sampler(4);
  const RandomBody a = sampler.body(Vec3(1, 2, 3));
  const RandomBody b = sampler.body(Vec3(1, 2, 3));
  core_pair::SeparationRecord record;
  record.phi = 42.0;
  EXPECT_FALSE(core_pair::separation_below(core_of(a), core_of(b), 0.2, 1e-10, 50, record));
  EXPECT_EQ(record.phi, 42.0);  // untouched
}

}  // namespace
}  // namespace relcp::geometry
