#include "collision/assembly/friction_rows.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "geometry/distance/perpendicular.hpp"

namespace relcp::collision {
namespace {

ConstraintRecord tangent_row(const ConstraintRecord& normal, RowRole role, const Vec3& direction) {
  ConstraintRecord tangent = normal;
  tangent.role = role;
  tangent.phi = 0.0;
  tangent.tangent = direction;
  tangent.row.setZero();
  tangent.row.segment<3>(0) = -direction;
  tangent.row.segment<3>(3) = -normal.arm_a.cross(direction);
  if (!normal.is_wall()) {
    tangent.row.segment<3>(6) = direction;
    tangent.row.segment<3>(9) = normal.arm_b.cross(direction);
  }
  return tangent;
}

}  // namespace

double FrictionCoefficients::of(const ConstraintRecord& record) const {
  if (record.is_wall() && record.wall >= 0 && static_cast<std::size_t>(record.wall) < walls.size() &&
      walls[record.wall] >= 0.0) {
    return walls[record.wall];
  }
  return pairs;
}

bool FrictionCoefficients::any() const {
  return pairs > 0.0 || std::any_of(walls.begin(), walls.end(), [](double mu) { return mu > 0.0; });
}

std::vector<ConstraintRecord> with_friction_rows(const std::vector<ConstraintRecord>& normals,
                                                 const FrictionCoefficients& coefficients) {
  std::vector<ConstraintRecord> rows;
  rows.reserve(3 * normals.size());
  for (const ConstraintRecord& normal : normals) {
    const double mu = coefficients.of(normal);
    ConstraintRecord with_mu = normal;
    with_mu.friction = mu;
    rows.push_back(with_mu);
    if (mu <= 0.0) continue;
    const Vec3 t1 = geometry::unit_perpendicular(normal.normal);
    const Vec3 t2 = normal.normal.cross(t1);
    rows.push_back(tangent_row(with_mu, RowRole::tangent_1, t1));
    rows.push_back(tangent_row(with_mu, RowRole::tangent_2, t2));
  }
  return rows;
}

lcp::FrictionCones friction_cones(const ConstraintSet& set) {
  std::vector<lcp::FrictionConeBlock> blocks;
  std::size_t tangents_expected = 0;  // tangent rows still owed by the last frictional normal row
  for (std::size_t r = 0; r < set.size(); ++r) {
    const ConstraintRecord& record = set[r];
    if (record.is_normal() != (tangents_expected == 0)) {
      throw std::logic_error("friction_cones: tangent rows out of place at local row " + std::to_string(r));
    }
    if (!record.is_normal()) {
      --tangents_expected;
      continue;
    }
    if (record.friction > 0.0) {
      blocks.push_back({r, record.friction});
      tangents_expected = 2;
    }
  }
  if (tangents_expected != 0) throw std::logic_error("friction_cones: a contact without its tangent rows");
  return lcp::FrictionCones(set.size(), std::move(blocks));
}

}  // namespace relcp::collision
