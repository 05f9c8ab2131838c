#include <gtest/gtest.h>

#include "core/error.hpp"
#include "dynamics/local_drag_mobility.hpp"
#include "geometry/shapes/shape_properties.hpp"

namespace relcp::dynamics {
namespace {

TEST(LocalDragMobility, FollowsEquation27WithTheShapesDragLength) {
  const double xi = 2.5;
  const LocalDragMobility mobility(xi);
  const geometry::Shape rod = geometry::Spherocylinder{0.25, 1.5};
  // Rods use the tip-to-tip length (docs/particles.md).
  ASSERT_DOUBLE_EQ(geometry::drag_length(rod), 2.0);
  const Vec3 force(1.0, -2.0, 0.5);
  const Vec3 torque(0.3, 0.0, -4.0);
  const BodyVelocity v = mobility.apply(rod, force, torque);
  EXPECT_LT((v.linear - force / (xi * 2.0)).norm(), 1e-15);
  EXPECT_LT((v.angular - 12.0 * torque / (xi * 8.0)).norm(), 1e-15);
  EXPECT_DOUBLE_EQ(mobility.translational(rod), 1.0 / (xi * 2.0));
  EXPECT_DOUBLE_EQ(mobility.rotational(rod), 12.0 / (xi * 8.0));
}

TEST(LocalDragMobility, IsIsotropicSoVelocityIsParallelToForceForAnyShape) {
  const LocalDragMobility mobility(1.0);
  for (const geometry::Shape& shape :
       {geometry::Shape{geometry::Sphere{0.5}}, geometry::Shape{geometry::Ellipsoid{Vec3(1, 1, 2)}},
        geometry::Shape{geometry::Torus{1.0, 0.1}}}) {
    const double l = geometry::drag_length(shape);
    for (const Vec3& f : {Vec3(1, 0, 0), Vec3(0, 0, 3), Vec3(-1, 2, 5)}) {
      const BodyVelocity v = mobility.apply(shape, f, f);
      EXPECT_LT((v.linear - f / l).norm(), 1e-14 * f.norm());
      EXPECT_LT((v.angular - 12.0 * f / (l * l * l)).norm(), 1e-14 * f.norm());
    }
  }
}

TEST(LocalDragMobility, RejectsNonPositiveDrag) {
  EXPECT_THROW(LocalDragMobility(0.0), InputError);
  EXPECT_THROW(LocalDragMobility(-1.0), InputError);
}

}  // namespace
}  // namespace relcp::dynamics
