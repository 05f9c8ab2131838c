#include <gtest/gtest.h>

#include <bit>
#include <cstdint>

#include "core/error.hpp"
#include "particles/body_codec.hpp"

namespace relcp::particles {
namespace {

Body sample_body(GlobalId id, geometry::Shape shape) {
  Body body;
  body.id = id;
  body.shape = shape;
  body.pose.position = Vec3(1.5, -2.25, 1e-300);
  body.pose.orientation = Quaternion(0.1, -0.7, 0.3, 0.2).normalized();
  body.velocity = Vec3(3, 4, 5);
  body.angular_velocity = Vec3(-1, 0.5, 0.25);
  body.force = Vec3(7, 8, 9);
  body.torque = Vec3(-7, -8, -9e12);
  return body;
}

void expect_same(const Body& a, const Body& b) {
  EXPECT_EQ(a.id, b.id);
  EXPECT_EQ(a.shape.index(), b.shape.index());
  EXPECT_EQ(a.pose.position, b.pose.position);
  EXPECT_EQ(a.pose.orientation.coeffs(), b.pose.orientation.coeffs());
  EXPECT_EQ(a.velocity, b.velocity);
  EXPECT_EQ(a.angular_velocity, b.angular_velocity);
  EXPECT_EQ(a.force, b.force);
  EXPECT_EQ(a.torque, b.torque);
}

TEST(BodyCodec, RoundTripsEveryShapeAndLargeIdsExactly) {
  const GlobalId large = (GlobalId{1} << 62) + 12345;  // beyond the 2^53 of a double's mantissa
  const std::vector<Body> bodies{
      sample_body(0, geometry::Sphere{0.75}),
      sample_body(large, geometry::Ellipsoid{Vec3(1.0, 2.0, 3.0)}),
      sample_body(large + 1, geometry::Spherocylinder{0.25, 2.0}),
      sample_body(-1, geometry::Torus{1.0, 0.1}),
  };
  for (const Body& body : bodies) {
    double record[kBodyRecordSize];
    pack_body(body, record);
    const Body back = unpack_body(record);
    expect_same(body, back);
    EXPECT_EQ(geometry::kind_of(back.shape), geometry::kind_of(body.shape));
  }
  double record[kBodyRecordSize];
  pack_body(bodies[2], record);
  const auto& rod = std::get<geometry::Spherocylinder>(unpack_body(record).shape);
  EXPECT_EQ(rod.radius, 0.25);
  EXPECT_EQ(rod.length, 2.0);
  pack_body(bodies[3], record);
  const auto& ring = std::get<geometry::Torus>(unpack_body(record).shape);
  EXPECT_EQ(ring.major_radius, 1.0);
  EXPECT_EQ(ring.minor_radius, 0.1);
}

TEST(BodyCodec, RejectsAnUnknownShapeKind) {
  double record[kBodyRecordSize];
  pack_body(sample_body(3, geometry::Sphere{1.0}), record);
  record[1] = 9.0;
  EXPECT_THROW(unpack_body(record), RunTimeFailure);
}

}  // namespace
}  // namespace relcp::particles
