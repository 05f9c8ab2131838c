#include <gtest/gtest.h>

#include <random>
#include <stdexcept>
#include <vector>

#include "geometry/shapes/support_function.hpp"
#include "support/shape_sampling.hpp"

namespace relcp::geometry {
namespace {

using testing::random_rotation;
using testing::random_unit;

std::vector<Shape> convex_shapes() {
  return {Sphere{0.8}, Ellipsoid{Vec3(0.5, 1.2, 2.0)}, Ellipsoid{Vec3(1.0, 1.0, 0.1)}, Spherocylinder{0.3, 2.5}};
}

TEST(SupportFunction, ValueIsTheMaximumOverTheSurface) {
  std::mt19937_64 rng(11);
  for (const Shape& shape : convex_shapes()) {
    const Pose pose{Vec3(0.3, -1.0, 2.0), random_rotation(rng)};
    const ConvexSupport support = ConvexSupport::of(shape, pose.orientation);
    const std::vector<Vec3> surface = testing::surface_points(shape, pose, 40000);
    for (int trial = 0; trial < 50; ++trial) {
      const Vec3 nu = random_unit(rng);
      double sampled = -1e300;
      for (const Vec3& p : surface) sampled = std::max(sampled, (p - pose.position).dot(nu));
      const double h = support.value(nu);
      EXPECT_LE(sampled, h + 1e-12);
      EXPECT_GE(sampled, h - 0.01 * support.bounding_radius());
    }
  }
}

TEST(SupportFunction, GradientIsTheSurfacePointWithThatOutwardNormal) {
  std::mt19937_64 rng(12);
  for (const Shape& shape : convex_shapes()) {
    const Pose pose{Vec3(-2.0, 0.5, 1.0), random_rotation(rng)};
    const ConvexSupport support = ConvexSupport::of(shape, pose.orientation);
    for (int trial = 0; trial < 100; ++trial) {
      const Vec3 nu = random_unit(rng);
      const Vec3 point = pose.position + support.gradient(nu);
      EXPECT_NEAR(testing::surface_residual(shape, pose, point), 0.0, 1e-12);
      EXPECT_NEAR((point - pose.position).dot(nu), support.value(nu), 1e-12);
      EXPECT_LE((testing::outward_normal(shape, pose, point) - nu).norm(), 1e-10);
    }
  }
}

// h extended 1-homogeneously off the sphere, and its 0-homogeneous gradient.
double extended_value(const ConvexSupport& s, const Vec3& v) { return v.norm() * s.value(v.normalized()); }
Vec3 extended_gradient(const ConvexSupport& s, const Vec3& v) { return s.gradient(v.normalized()); }

TEST(SupportFunction, GradientAndHessianMatchFiniteDifferences) {
  std::mt19937_64 rng(13);
  constexpr double h = 1e-6;
  for (const Shape& shape : convex_shapes()) {
    const ConvexSupport support = ConvexSupport::of(shape, random_rotation(rng));
    for (int trial = 0; trial < 50; ++trial) {
      const Vec3 nu = random_unit(rng);
      Vec3 gradient;
      Mat3 hessian;
      for (int k = 0; k < 3; ++k) {
        const Vec3 step = h * Vec3::Unit(k);
        gradient(k) = (extended_value(support, nu + step) - extended_value(support, nu - step)) / (2 * h);
        hessian.col(k) = (extended_gradient(support, nu + step) - extended_gradient(support, nu - step)) / (2 * h);
      }
      const double size = support.bounding_radius();
      EXPECT_LE((support.gradient(nu) - gradient).norm(), 1e-7 * size);
      // The flat ellipsoid is strongly curved; finite differences lose digits there.
      EXPECT_LE((support.hessian(nu) - hessian).norm(), 1e-4 * (1.0 + hessian.norm()));
      EXPECT_LE((support.hessian(nu) * nu).norm(), 1e-12 * (1.0 + hessian.norm()));
      EXPECT_LE((support.hessian(nu) - support.hessian(nu).transpose()).norm(), 1e-12 * (1.0 + hessian.norm()));
    }
  }
}

TEST(SupportFunction, SpherocylinderFlatSideSupportsAtItsMidpoint) {
  const Spherocylinder rod{0.3, 2.0};
  const ConvexSupport support = ConvexSupport::of(rod, Quaternion::Identity());
  const Vec3 sideways = Vec3::UnitX();
  EXPECT_DOUBLE_EQ(support.value(sideways), 0.3);
  EXPECT_LE((support.gradient(sideways) - Vec3(0.3, 0.0, 0.0)).norm(), 1e-15);
}

TEST(SupportFunction, TorusHasNoConvexSupport) {
  EXPECT_THROW(ConvexSupport::of(Shape{Torus{1.0, 0.1}}, Quaternion::Identity()), std::invalid_argument);
}

}  // namespace
}  // namespace relcp::geometry
