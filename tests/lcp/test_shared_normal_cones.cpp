// The projection onto cones that share one normal component (lcp/friction/shared_normal_cones.hpp),
// used for friction with rolling and spinning resistance: its defining variational property
// against points of the set, its agreement with the single second-order cone projection, and
// the layout of FrictionCones blocks with rolling and spinning rows.

#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <stdexcept>
#include <vector>

#include "lcp/friction/friction_cone.hpp"
#include "lcp/friction/shared_normal_cones.hpp"

namespace relcp::lcp {
namespace {

// (n, t1, t2, r1, r2, s): the Coulomb ball, the rolling ball and the spinning interval.
using Point = std::array<double, 6>;
struct Coefficients {
  double mu, rolling, spinning;
};

Point project(const Coefficients& c, Point x) {
  const ConeBall balls[] = {{&x[1], 2, c.mu}, {&x[3], 2, c.rolling}, {&x[5], 1, c.spinning}};
  project_onto_shared_normal_cones(x[0], balls, 3);
  return x;
}

double violation(const Coefficients& c, const Point& x) {
  return std::max({-x[0], std::hypot(x[1], x[2]) - c.mu * x[0], std::hypot(x[3], x[4]) - c.rolling * x[0],
                   std::abs(x[5]) - c.spinning * x[0]});
}

double dot(const Point& a, const Point& b) {
  double sum = 0.0;
  for (std::size_t i = 0; i < a.size(); ++i) sum += a[i] * b[i];
  return sum;
}

Point minus(const Point& a, const Point& b) {
  Point d;
  for (std::size_t i = 0; i < a.size(); ++i) d[i] = a[i] - b[i];
  return d;
}

Point random_point(std::mt19937_64& rng) {
  std::normal_distribution<double> normal(0.0, 2.0);
  Point x;
  for (double& v : x) v = normal(rng);
  return x;
}

// A random point of the set: a normal force and balls filled up to a random fraction.
Point random_member(const Coefficients& c, std::mt19937_64& rng) {
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  const double n = 3.0 * unit(rng);
  const double angle_t = 6.3 * unit(rng), angle_r = 6.3 * unit(rng);
  const double ft = c.mu * n * unit(rng), fr = c.rolling * n * unit(rng);
  const double fs = c.spinning * n * (2.0 * unit(rng) - 1.0);
  return {n, ft * std::cos(angle_t), ft * std::sin(angle_t), fr * std::cos(angle_r), fr * std::sin(angle_r), fs};
}

class SharedNormalCones : public ::testing::TestWithParam<Coefficients> {};

TEST_P(SharedNormalCones, TheProjectionLiesInTheSetAndIsItsNearestPoint) {
  const Coefficients c = GetParam();
  std::mt19937_64 rng(21);
  for (int i = 0; i < 400; ++i) {
    const Point x = random_point(rng);
    const Point p = project(c, x);
    EXPECT_LE(violation(c, p), 1e-12 * (1.0 + std::sqrt(dot(x, x))));
    // The variational inequality of the projection onto a convex set: (x - p) . (q - p) <= 0
    // for every q in the set.
    for (int k = 0; k < 20; ++k) {
      const Point q = random_member(c, rng);
      EXPECT_LE(dot(minus(x, p), minus(q, p)), 1e-10 * (1.0 + dot(x, x) + dot(q, q)));
    }
    // Idempotent.
    const Point again = project(c, p);
    EXPECT_LE(std::sqrt(dot(minus(again, p), minus(again, p))), 1e-12 * (1.0 + std::sqrt(dot(x, x))));
  }
}

// The polar cone: for the cone K with dual K* = {y_n >= mu ||y_t|| + rolling ||y_r|| + spinning
// |y_s|}, x - P(x) lies in -K* and is orthogonal to P(x) (Moreau's decomposition).
TEST_P(SharedNormalCones, TheResidualLiesInThePolarConeAndIsOrthogonal) {
  const Coefficients c = GetParam();
  std::mt19937_64 rng(22);
  for (int i = 0; i < 400; ++i) {
    const Point x = random_point(rng);
    const Point p = project(c, x);
    const Point d = minus(x, p);
    const double scale = 1.0 + dot(x, x);
    EXPECT_LE(c.mu * std::hypot(d[1], d[2]) + c.rolling * std::hypot(d[3], d[4]) + c.spinning * std::abs(d[5]),
              -d[0] + 1e-10 * scale);
    EXPECT_NEAR(dot(d, p), 0.0, 1e-10 * scale);
  }
}

INSTANTIATE_TEST_SUITE_P(Coefficients, SharedNormalCones,
                         ::testing::Values(Coefficients{0.5, 0.1, 0.05}, Coefficients{1.0, 1.0, 1.0},
                                           Coefficients{0.3, 2.0, 0.0}, Coefficients{0.0, 0.2, 0.5}));

TEST(SharedNormalCones, OneBallIsTheSecondOrderConeProjection) {
  std::mt19937_64 rng(23);
  std::normal_distribution<double> normal(0.0, 2.0);
  for (const double mu : {0.0, 0.3, 1.0, 4.0}) {
    for (int i = 0; i < 200; ++i) {
      double n = normal(rng), t1 = normal(rng), t2 = normal(rng);
      double expected[] = {n, t1, t2};
      project_onto_friction_cone(mu, expected[0], expected[1], expected[2]);
      double tangent[] = {t1, t2};
      const ConeBall ball{tangent, 2, mu};
      project_onto_shared_normal_cones(n, &ball, 1);
      EXPECT_NEAR(n, expected[0], 1e-13 * (1.0 + std::abs(expected[0])));
      EXPECT_NEAR(tangent[0], expected[1], 1e-13 * (1.0 + std::abs(expected[1])));
      EXPECT_NEAR(tangent[1], expected[2], 1e-13 * (1.0 + std::abs(expected[2])));
    }
  }
}

// Rows: unilateral, a Coulomb cone (3 rows), a cone with rolling and spinning (6), unilateral,
// a cone with spinning only (4).
TEST(FrictionConesWithResistance, BlocksSpanTheirRowsAndProjectEachPart) {
  const FrictionCones cones(15, {{1, 0.5}, {4, 0.5, 0.1, 0.2}, {11, 0.5, 0.0, 0.2}});
  EXPECT_TRUE(cones.resists_rotation());
  EXPECT_EQ(cones.blocks()[1].rows(), 6u);
  EXPECT_EQ(cones.blocks()[1].rolling_row(), 7u);
  EXPECT_EQ(cones.blocks()[1].spinning_row(), 9u);
  EXPECT_EQ(cones.blocks()[2].spinning_row(), 14u);
  std::vector<double> values(15, 0.0);
  values[0] = -1.0;                    // unilateral: clipped
  values[4] = 1.0;                     // the second cone's normal force
  values[7] = 5.0;                     // its rolling force, far outside rolling f_n = 0.1
  values[9] = 0.05;                    // its spinning force, inside 0.2 f_n
  values[10] = -2.0;                   // unilateral
  values[11] = 1.0, values[14] = 0.1;  // the third cone, inside
  cones.project(values);
  EXPECT_EQ(values[0], 0.0);
  EXPECT_EQ(values[10], 0.0);
  EXPECT_NEAR(values[7], 0.1 * values[4], 1e-14);  // on the rolling ball's surface
  EXPECT_GT(values[4], 1.0);                       // pulled up by the rolling part
  EXPECT_EQ(values[9], 0.05);
  EXPECT_EQ(values[14], 0.1);
  EXPECT_THROW(FrictionCones(9, {{4, 0.5, 0.1, 0.2}}), std::invalid_argument);        // leaves the rows
  EXPECT_THROW(FrictionCones(20, {{0, 0.5, 0.1}, {4, 0.5}}), std::invalid_argument);  // overlap
  EXPECT_THROW(FrictionCones(6, {{0, 0.5, -0.1}}), std::invalid_argument);
}

}  // namespace
}  // namespace relcp::lcp
