#include <gtest/gtest.h>

#include <cmath>
#include <numbers>
#include <random>
#include <vector>

#include "geometry/shapes/shape_properties.hpp"
#include "support/shape_sampling.hpp"

namespace relcp::geometry {
namespace {

using testing::fibonacci_sphere;
using testing::radial_distance;

struct MassMoments {
  double volume = 0.0;
  Mat3 second = Mat3::Zero();  // integral of x x^T over the body
};

// Gauss-Legendre nodes and weights on [-1, 1] (Newton on P_n from the Chebyshev guesses).
void gauss_legendre(int n, std::vector<double>& nodes, std::vector<double>& weights) {
  nodes.assign(n, 0.0);
  weights.assign(n, 0.0);
  for (int i = 0; i < n; ++i) {
    double x = std::cos(std::numbers::pi * (i + 0.75) / (n + 0.5));
    double derivative = 1.0;
    for (int iteration = 0; iteration < 100; ++iteration) {
      double p0 = 1.0;
      double p1 = x;
      for (int k = 2; k <= n; ++k) {
        const double p2 = ((2.0 * k - 1.0) * x * p1 - (k - 1.0) * p0) / k;
        p0 = p1;
        p1 = p2;
      }
      derivative = n * (x * p1 - p0) / (x * x - 1.0);
      const double step = p1 / derivative;
      x -= step;
      if (std::abs(step) < 1e-16) break;
    }
    nodes[i] = x;
    weights[i] = 2.0 / ((1.0 - x * x) * derivative * derivative);
  }
}

// Star-shaped bodies: V = int rho^3 / 3 dOmega, int x x^T dV = int rho^5 / 5 u u^T dOmega,
// Gauss-Legendre in cos(theta), the midpoint rule (spectral for periodic integrands) in phi.
template <class ShapeT>
MassMoments integrate_star_shaped(const ShapeT& shape) {
  constexpr int kPolar = 400;
  constexpr int kAzimuthal = 128;
  std::vector<double> nodes;
  std::vector<double> weights;
  gauss_legendre(kPolar, nodes, weights);
  const double dphi = 2.0 * std::numbers::pi / kAzimuthal;
  MassMoments m;
  for (int i = 0; i < kPolar; ++i) {
    const double z = nodes[i];
    const double s = std::sqrt(1.0 - z * z);
    for (int j = 0; j < kAzimuthal; ++j) {
      const double phi = (j + 0.5) * dphi;
      const Vec3 u(s * std::cos(phi), s * std::sin(phi), z);
      const double rho = radial_distance(shape, u);
      const double w = weights[i] * dphi;
      m.volume += std::pow(rho, 3) / 3.0 * w;
      m.second += std::pow(rho, 5) / 5.0 * (u * u.transpose()) * w;
    }
  }
  return m;
}

// Torus in (s, alpha, beta): x = (R + s cos alpha)(cos beta, sin beta) , z = s sin alpha,
// dV = s (R + s cos alpha) ds dalpha dbeta.
MassMoments integrate_torus(const Torus& t) {
  constexpr int kRadial = 200;
  constexpr int kAngular = 64;
  const double ds = t.minor_radius / kRadial;
  const double da = 2.0 * std::numbers::pi / kAngular;
  MassMoments m;
  for (int i = 0; i < kRadial; ++i) {
    const double s = (i + 0.5) * ds;
    for (int j = 0; j < kAngular; ++j) {
      const double alpha = (j + 0.5) * da;
      const double ring = t.major_radius + s * std::cos(alpha);
      for (int k = 0; k < kAngular; ++k) {
        const double beta = (k + 0.5) * da;
        const Vec3 x(ring * std::cos(beta), ring * std::sin(beta), s * std::sin(alpha));
        const double dv = s * ring * ds * da * da;
        m.volume += dv;
        m.second += x * x.transpose() * dv;
      }
    }
  }
  return m;
}

Mat3 inertia_from_moments(const MassMoments& m, double density) {
  return density * (m.second.trace() * Mat3::Identity() - m.second);
}

void expect_matches_integration(const Shape& shape, const MassMoments& m, double tolerance) {
  constexpr double kDensity = 2.5;
  EXPECT_NEAR(volume(shape), m.volume, tolerance * m.volume);
  const Mat3 expected = inertia_from_moments(m, kDensity);
  const Mat3 inertia = body_inertia(shape, kDensity);
  EXPECT_LE((inertia - expected).norm(), tolerance * expected.norm()) << "inertia\n"
                                                                      << inertia << "\nnumerical\n"
                                                                      << expected;
}

TEST(ShapeProperties, SphereVolumeAndInertiaMatchIntegration) {
  const Sphere sphere{0.7};
  expect_matches_integration(sphere, integrate_star_shaped(sphere), 1e-12);
}

TEST(ShapeProperties, EllipsoidVolumeAndInertiaMatchIntegration) {
  const Ellipsoid ellipsoid{Vec3(1.0, 1.5, 2.5)};
  expect_matches_integration(ellipsoid, integrate_star_shaped(ellipsoid), 1e-9);
}

TEST(ShapeProperties, SpherocylinderVolumeAndInertiaMatchIntegration) {
  for (const Spherocylinder rod : {Spherocylinder{0.4, 2.2}, Spherocylinder{0.25, 0.0}}) {
    expect_matches_integration(rod, integrate_star_shaped(rod), 1e-4);
  }
}

TEST(ShapeProperties, TorusVolumeAndInertiaMatchIntegration) {
  for (const Torus torus : {Torus{1.0, 0.1}, Torus{2.0, 0.7}}) {
    expect_matches_integration(torus, integrate_torus(torus), 1e-4);
  }
}

TEST(ShapeProperties, SpherocylinderOfZeroLengthIsASphere) {
  const Shape rod = Spherocylinder{0.6, 0.0};
  const Shape sphere = Sphere{0.6};
  EXPECT_NEAR(volume(rod), volume(sphere), 1e-14);
  EXPECT_LE((body_inertia(rod, 3.0) - body_inertia(sphere, 3.0)).norm(), 1e-13);
}

std::vector<Shape> all_shapes() {
  return {Sphere{0.7}, Ellipsoid{Vec3(1.0, 1.5, 2.5)}, Spherocylinder{0.4, 2.2}, Torus{1.0, 0.1}, Torus{2.0, 0.7}};
}

TEST(ShapeProperties, BoxContainsTheSurfaceAndTouchesIt) {
  std::mt19937_64 rng(7);
  for (const Shape& shape : all_shapes()) {
    for (int trial = 0; trial < 10; ++trial) {
      const Pose pose{testing::random_vector(rng, 5.0), testing::random_rotation(rng)};
      const Aabb box = bounding_box(shape, pose);
      const std::vector<Vec3> points = testing::surface_points(shape, pose, 20000);
      Vec3 lowest = Vec3::Constant(1e300);
      Vec3 highest = Vec3::Constant(-1e300);
      for (const Vec3& p : points) {
        lowest = lowest.cwiseMin(p);
        highest = highest.cwiseMax(p);
      }
      const double size = bounding_radius(shape);
      for (int i = 0; i < 3; ++i) {
        EXPECT_LE(box.lower(i), lowest(i) + 1e-12);
        EXPECT_GE(box.upper(i), highest(i) - 1e-12);
        EXPECT_GE(box.lower(i), lowest(i) - 0.02 * size) << "box not tight, shape " << shape.index();
        EXPECT_LE(box.upper(i), highest(i) + 0.02 * size) << "box not tight, shape " << shape.index();
      }
    }
  }
}

TEST(ShapeProperties, BoundingRadiusIsTheFarthestSurfacePoint) {
  for (const Shape& shape : all_shapes()) {
    const Pose pose;
    double farthest = 0.0;
    for (const Vec3& p : testing::surface_points(shape, pose, 20000)) {
      farthest = std::max(farthest, p.norm());
    }
    EXPECT_LE(farthest, bounding_radius(shape) + 1e-12);
    EXPECT_GE(farthest, bounding_radius(shape) * (1.0 - 1e-3));
  }
}

TEST(ShapeProperties, DragLengthIsTheTipToTipExtent) {
  // eq. 27 drag length: the body's longest extent (docs/geometry.md).
  EXPECT_DOUBLE_EQ(drag_length(Sphere{0.7}), 1.4);
  EXPECT_DOUBLE_EQ(drag_length(Ellipsoid{Vec3(1.0, 1.0, 2.0)}), 4.0);
  EXPECT_DOUBLE_EQ(drag_length(Spherocylinder{0.25, 2.0}), 2.5);
  EXPECT_DOUBLE_EQ(drag_length(Torus{1.0, 0.1}), 2.2);
  for (const Shape& shape : all_shapes()) {
    EXPECT_DOUBLE_EQ(drag_length(shape), 2.0 * bounding_radius(shape));
  }
}

}  // namespace
}  // namespace relcp::geometry
