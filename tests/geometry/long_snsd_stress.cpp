// Stress test of the convex SNSD (label `long`, not run in CI): every ordered pair of eight
// shapes, including very elongated and flat ones, over many random poses from coincident
// centres to separated. The reported phi must be converged, attained by the reported normal,
// and not beaten by any of 20 000 sampled directions (docs/geometry.md, "Which maximum").

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <vector>

#include "geometry/shapes/shape_properties.hpp"
#include "geometry/separation/signed_separation.hpp"
#include "geometry/shapes/support_function.hpp"
#include "support/shape_sampling.hpp"

namespace relcp::geometry {
namespace {

TEST(SnsdStress, NoSampledDirectionBeatsTheReportedMaximum) {
  const std::vector<Shape> shapes = {Sphere{0.6},
                                     Ellipsoid{Vec3(0.5, 1.0, 2.0)},
                                     Ellipsoid{Vec3(1.5, 1.0, 0.3)},
                                     Spherocylinder{0.4, 2.0},
                                     Ellipsoid{Vec3(0.1, 1.0, 5.0)},
                                     Spherocylinder{0.1, 6.0},
                                     Ellipsoid{Vec3(2.0, 2.0, 0.05)},
                                     Spherocylinder{1.0, 0.2}};
  constexpr int kTrialsPerPair = 1500;
  const std::vector<Vec3> directions = testing::fibonacci_sphere(20000);
  std::mt19937_64 rng(7);
  for (const Shape& a : shapes) {
    for (const Shape& b : shapes) {
      const double reach = bounding_radius(a) + bounding_radius(b);
      std::uniform_real_distribution<double> distance(0.0, 1.2 * reach);
      int misses = 0;
      int unconverged = 0;
      for (int trial = 0; trial < kTrialsPerPair; ++trial) {
        const Pose pose_a{testing::random_vector(rng, 3.0), testing::random_rotation(rng)};
        const double offset = trial % 7 == 0 ? 0.0 : distance(rng);
        const Pose pose_b{pose_a.position + offset * testing::random_unit(rng), testing::random_rotation(rng)};
        const SignedSeparation s = signed_separation(a, pose_a, b, pose_b);
        if (!s.converged) {
          ++unconverged;
          continue;
        }
        const ConvexSupport support_a = ConvexSupport::of(a, pose_a.orientation);
        const ConvexSupport support_b = ConvexSupport::of(b, pose_b.orientation);
        const Vec3 d = pose_b.position - pose_a.position;
        const auto gap = [&](const Vec3& nu) { return d.dot(nu) - support_a.value(nu) - support_b.value(-nu); };
        EXPECT_NEAR(gap(s.normal), s.phi, 1e-10 * reach);
        double sampled = -1e300;
        for (const Vec3& nu : directions) sampled = std::max(sampled, gap(nu));
        if (s.phi < sampled - 1e-12) ++misses;
      }
      EXPECT_EQ(misses, 0) << "shapes " << a.index() << "-" << b.index();
      EXPECT_EQ(unconverged, 0) << "shapes " << a.index() << "-" << b.index();
    }
  }
}

}  // namespace
}  // namespace relcp::geometry
