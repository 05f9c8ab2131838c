#include <gtest/gtest.h>

#include <random>
#include <stdexcept>

#include "geometry/separation/convex_separation.hpp"
#include "geometry/separation/sphere_separation.hpp"
#include "geometry/separation/spherocylinder_separation.hpp"
#include "geometry/shapes/support_function.hpp"
#include "support/shape_sampling.hpp"

namespace relcp::geometry {
namespace {

using testing::random_rotation;
using testing::random_unit;

SignedSeparation newton(const Shape& a, const Pose& pose_a, const Shape& b, const Pose& pose_b,
                        const SeparationOptions& options = {}) {
  return convex_separation(ConvexSupport::of(a, pose_a.orientation), pose_a.position,
                           ConvexSupport::of(b, pose_b.orientation), pose_b.position, options);
}

void expect_same_contact(const SignedSeparation& s, const SignedSeparation& reference, double scale) {
  EXPECT_TRUE(s.converged);
  EXPECT_NEAR(s.phi, reference.phi, 1e-10 * scale);
  EXPECT_LE((s.normal - reference.normal).norm(), 1e-6);
  EXPECT_LE((s.point_a - reference.point_a).norm(), 1e-6 * scale);
  EXPECT_LE((s.point_b - reference.point_b).norm(), 1e-6 * scale);
}

TEST(ConvexSeparation, EllipsoidBesideTheFlatSideOfASpherocylinder) {
  // Capsule along z; the ellipsoid's x-extremity faces the cylinder: the normal lies on the
  // kink circle (perpendicular to the axis) and the contact is the projection onto the axis.
  const Spherocylinder rod{0.4, 4.0};
  const Ellipsoid ellipsoid{Vec3(1.0, 0.5, 0.8)};
  for (const double gap_centre : {2.0, 1.2}) {  // separated, then overlapping
    const Pose pose_e{Vec3(gap_centre, 0.0, 0.3), Quaternion::Identity()};
    const SignedSeparation s = newton(ellipsoid, pose_e, rod, Pose{});
    ASSERT_TRUE(s.converged);
    EXPECT_NEAR(s.phi, gap_centre - 1.4, 1e-12);
    EXPECT_LE((s.normal + Vec3::UnitX()).norm(), 1e-10);
    EXPECT_LE((s.point_a - Vec3(gap_centre - 1.0, 0.0, 0.3)).norm(), 1e-10);
    EXPECT_LE((s.point_b - Vec3(0.4, 0.0, 0.3)).norm(), 1e-10);
    // The same with the spherocylinder as body A.
    const SignedSeparation r = newton(rod, Pose{}, ellipsoid, pose_e);
    ASSERT_TRUE(r.converged);
    EXPECT_NEAR(r.phi, s.phi, 1e-12);
    EXPECT_LE((r.normal - Vec3::UnitX()).norm(), 1e-10);
    EXPECT_LE((r.point_a - s.point_b).norm(), 1e-10);
  }
}

TEST(ConvexSeparation, RoundEllipsoidAgainstSpherocylinderMatchesSegmentDistance) {
  // An ellipsoid with equal semi-axes is a sphere, whose distance to a spherocylinder is exact
  // through segment distance. Poses cover the flat side, the caps, the edge between them (the
  // projection onto the axis at an end) and deep overlap.
  std::mt19937_64 rng(41);
  const Spherocylinder rod{0.4, 3.0};
  const double radius = 0.7;
  std::uniform_real_distribution<double> along(-2.5, 2.5);
  std::uniform_real_distribution<double> off(0.0, 1.6);
  int compared = 0;
  for (int trial = 0; trial < 400; ++trial) {
    const Pose pose_rod{testing::random_vector(rng, 2.0), random_rotation(rng)};
    const Vec3 axis = pose_rod.orientation * Vec3::UnitZ();
    const double s = trial % 4 == 0 ? std::copysign(1.5, along(rng)) : along(rng);
    const Vec3 random_direction = random_unit(rng);
    const Vec3 sideways = (random_direction - random_direction.dot(axis) * axis).normalized();
    const Pose pose_ball{pose_rod.position + s * axis + off(rng) * sideways, random_rotation(rng)};
    const SignedSeparation reference =
        rounded_segment_separation(centre_segment(pose_ball), radius, axis_segment(rod, pose_rod), rod.radius);
    if (reference.phi + rod.radius + radius < 1e-9) continue;  // centre on the axis: any normal
    const SignedSeparation s_ab = newton(Ellipsoid{Vec3::Constant(radius)}, pose_ball, rod, pose_rod);
    expect_same_contact(s_ab, reference, 2.6);
    const SignedSeparation s_point = newton(Sphere{radius}, pose_ball, rod, pose_rod);
    expect_same_contact(s_point, reference, 2.6);
    ++compared;
  }
  EXPECT_GE(compared, 390);
}

TEST(ConvexSeparation, RoundEllipsoidsMatchTheSphereClosedForm) {
  std::mt19937_64 rng(42);
  for (int trial = 0; trial < 200; ++trial) {
    const Pose pose_a{testing::random_vector(rng, 1.0), random_rotation(rng)};
    const Pose pose_b{testing::random_vector(rng, 1.0), random_rotation(rng)};
    const SignedSeparation reference = sphere_sphere_separation(pose_a.position, 0.9, pose_b.position, 0.4);
    const SignedSeparation s = newton(Ellipsoid{Vec3::Constant(0.9)}, pose_a, Ellipsoid{Vec3::Constant(0.4)}, pose_b);
    expect_same_contact(s, reference, 1.3);
  }
}

TEST(ConvexSeparation, ConcentricBodiesLeaveAlongTheThinnestDirection) {
  const Pose centre;
  const Quaternion turn(Eigen::AngleAxisd(0.3, Vec3(1.0, 2.0, 3.0).normalized()));
  const SignedSeparation s = newton(Ellipsoid{Vec3(3.0, 2.0, 1.0)}, Pose{Vec3::Zero(), turn}, Sphere{0.5}, centre);
  ASSERT_TRUE(s.converged);
  EXPECT_NEAR(s.phi, -1.5, 1e-12);
  EXPECT_NEAR(std::abs(s.normal.dot(turn * Vec3::UnitZ())), 1.0, 1e-10);
}

TEST(ConvexSeparation, ReportsNonConvergence) {
  // A long ellipsoid crossing another deeply needs several Newton steps from any seed.
  SeparationOptions options;
  options.max_iterations = 1;
  const Pose pose_a{Vec3::Zero(), Quaternion(Eigen::AngleAxisd(0.7, Vec3::UnitX()))};
  const Pose pose_b{Vec3(0.3, 0.2, 0.1), Quaternion(Eigen::AngleAxisd(1.1, Vec3::UnitY()))};
  const Shape long_ellipsoid = Ellipsoid{Vec3(0.3, 0.6, 3.0)};
  EXPECT_FALSE(newton(long_ellipsoid, pose_a, long_ellipsoid, pose_b, options).converged);
  EXPECT_TRUE(newton(long_ellipsoid, pose_a, long_ellipsoid, pose_b).converged);
}

TEST(ConvexSeparation, RejectsTwoSegmentCores) {
  const ConvexSupport rod = ConvexSupport::of(Spherocylinder{0.2, 1.0}, Quaternion::Identity());
  EXPECT_THROW(convex_separation(rod, Vec3::Zero(), rod, Vec3::UnitX(), {}), std::invalid_argument);
}

}  // namespace
}  // namespace relcp::geometry
