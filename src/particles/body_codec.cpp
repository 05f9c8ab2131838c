#include "particles/body_codec.hpp"

#include <algorithm>
#include <bit>
#include <optional>
#include <string>

#include "core/error.hpp"
#include "geometry/shapes/shape_parameters.hpp"

namespace relcp::particles {
namespace {

// Slots of one record.
enum Slot : int {
  kId = 0,
  kShapeKind = 1,
  kShapeParameters = 2,  // 3 slots
  kPosition = 5,
  kOrientation = 8,  // w, x, y, z
  kVelocity = 12,
  kAngularVelocity = 15,
  kForce = 18,
  kTorque = 21,
};
static_assert(kTorque + 3 == kBodyRecordSize);
static_assert(kShapeParameters + geometry::kShapeParameterCount == kPosition);

geometry::Shape shape_from(geometry::ShapeKind kind, const double* parameters) {
  const std::optional<geometry::Shape> shape =
      geometry::shape_from_parameters(kind, {parameters[0], parameters[1], parameters[2]});
  if (!shape) {
    throw RunTimeFailure("body record with unknown shape kind " + std::to_string(static_cast<int>(kind)));
  }
  return *shape;
}

void put(double* record, int slot, const Vec3& v) {
  record[slot] = v.x();
  record[slot + 1] = v.y();
  record[slot + 2] = v.z();
}

Vec3 get(const double* record, int slot) { return {record[slot], record[slot + 1], record[slot + 2]}; }

}  // namespace

void pack_body(const Body& body, double* record) {
  record[kId] = std::bit_cast<double>(body.id);
  record[kShapeKind] = static_cast<double>(body.shape.index());
  const geometry::ShapeParameters parameters = geometry::shape_parameters(body.shape);
  std::copy(parameters.begin(), parameters.end(), record + kShapeParameters);
  put(record, kPosition, body.pose.position);
  const Quaternion& q = body.pose.orientation;
  record[kOrientation] = q.w();
  record[kOrientation + 1] = q.x();
  record[kOrientation + 2] = q.y();
  record[kOrientation + 3] = q.z();
  put(record, kVelocity, body.velocity);
  put(record, kAngularVelocity, body.angular_velocity);
  put(record, kForce, body.force);
  put(record, kTorque, body.torque);
}

Body unpack_body(const double* record) {
  Body body;
  body.id = std::bit_cast<GlobalId>(record[kId]);
  body.shape =
      shape_from(static_cast<geometry::ShapeKind>(static_cast<int>(record[kShapeKind])), record + kShapeParameters);
  body.pose.position = get(record, kPosition);
  body.pose.orientation =
      Quaternion(record[kOrientation], record[kOrientation + 1], record[kOrientation + 2], record[kOrientation + 3]);
  body.velocity = get(record, kVelocity);
  body.angular_velocity = get(record, kAngularVelocity);
  body.force = get(record, kForce);
  body.torque = get(record, kTorque);
  return body;
}

}  // namespace relcp::particles
