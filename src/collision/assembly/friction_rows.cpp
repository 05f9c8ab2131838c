#include "collision/assembly/friction_rows.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "geometry/distance/perpendicular.hpp"

namespace relcp::collision {
namespace {

ConstraintRecord cone_row(const ConstraintRecord& normal, RowRole role, const Vec3& direction) {
  ConstraintRecord row = normal;
  row.role = role;
  row.phi = 0.0;
  row.tangent = direction;
  row.row.setZero();
  return row;
}

// d/dt of t . (y_b - y_a): the slip of the contact points along `direction`.
ConstraintRecord tangent_row(const ConstraintRecord& normal, RowRole role, const Vec3& direction) {
  ConstraintRecord tangent = cone_row(normal, role, direction);
  tangent.row.segment<3>(0) = -direction;
  tangent.row.segment<3>(3) = -normal.arm_a.cross(direction);
  if (!normal.is_wall()) {
    tangent.row.segment<3>(6) = direction;
    tangent.row.segment<3>(9) = normal.arm_b.cross(direction);
  }
  return tangent;
}

// R_eff axis . (omega_b - omega_a): the relative rotation rate about `axis` as a length rate, so
// that its force (the torque over R_eff) shares the normal row's units and the cone its
// coefficient alone.
ConstraintRecord rotation_row(const ConstraintRecord& normal, RowRole role, const Vec3& axis, double radius) {
  ConstraintRecord rotation = cone_row(normal, role, axis);
  rotation.row.segment<3>(3) = -radius * axis;
  if (!normal.is_wall()) rotation.row.segment<3>(9) = radius * axis;
  return rotation;
}

}  // namespace

double ContactCoefficient::of(const ConstraintRecord& record) const {
  if (record.is_wall() && record.wall >= 0 && static_cast<std::size_t>(record.wall) < walls.size() &&
      walls[record.wall] >= 0.0) {
    return walls[record.wall];
  }
  return pairs;
}

bool ContactCoefficient::any() const {
  return pairs > 0.0 || std::any_of(walls.begin(), walls.end(), [](double value) { return value > 0.0; });
}

double effective_radius(const ConstraintRecord& normal) {
  const double a = normal.arm_a.norm();
  if (normal.is_wall()) return a;
  const double b = normal.arm_b.norm();
  return a + b > 0.0 ? a * b / (a + b) : 0.0;
}

std::vector<ConstraintRecord> with_friction_rows(const std::vector<ConstraintRecord>& normals,
                                                 const FrictionCoefficients& coefficients) {
  std::vector<ConstraintRecord> rows;
  rows.reserve((coefficients.resist_rotation() ? 6 : 3) * normals.size());
  for (const ConstraintRecord& normal : normals) {
    ConstraintRecord with_cone = normal;
    with_cone.friction = coefficients.sliding.of(normal);
    with_cone.rolling = coefficients.rolling.of(normal);
    with_cone.spinning = coefficients.spinning.of(normal);
    rows.push_back(with_cone);
    if (!with_cone.has_cone()) continue;
    const Vec3 t1 = geometry::unit_perpendicular(normal.normal);
    const Vec3 t2 = normal.normal.cross(t1);
    rows.push_back(tangent_row(with_cone, RowRole::tangent_1, t1));
    rows.push_back(tangent_row(with_cone, RowRole::tangent_2, t2));
    const double radius = with_cone.rolling > 0.0 || with_cone.spinning > 0.0 ? effective_radius(normal) : 0.0;
    if (with_cone.rolling > 0.0) {
      rows.push_back(rotation_row(with_cone, RowRole::rolling_1, t1, radius));
      rows.push_back(rotation_row(with_cone, RowRole::rolling_2, t2, radius));
    }
    if (with_cone.spinning > 0.0) rows.push_back(rotation_row(with_cone, RowRole::spinning, normal.normal, radius));
  }
  return rows;
}

lcp::FrictionCones friction_cones(const ConstraintSet& set) {
  std::vector<lcp::FrictionConeBlock> blocks;
  std::vector<RowRole> expected;  // the roles still owed by the last normal row with a cone, last first
  for (std::size_t r = 0; r < set.size(); ++r) {
    const ConstraintRecord& record = set[r];
    if (!expected.empty()) {
      if (record.role != expected.back()) {
        throw std::logic_error("friction_cones: a cone's row out of place at local row " + std::to_string(r));
      }
      expected.pop_back();
      continue;
    }
    if (!record.is_normal()) {
      throw std::logic_error("friction_cones: a cone's row without its normal row at local row " + std::to_string(r));
    }
    if (!record.has_cone()) continue;
    const lcp::FrictionConeBlock block{r, record.friction, record.rolling, record.spinning};
    blocks.push_back(block);
    if (block.resists_spinning()) expected.push_back(RowRole::spinning);
    if (block.resists_rolling()) {
      expected.push_back(RowRole::rolling_2);
      expected.push_back(RowRole::rolling_1);
    }
    expected.push_back(RowRole::tangent_2);
    expected.push_back(RowRole::tangent_1);
  }
  if (!expected.empty()) throw std::logic_error("friction_cones: a contact without all its cone's rows");
  return lcp::FrictionCones(set.size(), std::move(blocks));
}

}  // namespace relcp::collision
