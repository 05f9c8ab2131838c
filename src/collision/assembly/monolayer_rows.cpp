#include "collision/assembly/monolayer_rows.hpp"

#include <cmath>

#include "geometry/rows/constraint_row.hpp"

namespace relcp::collision {
namespace {

// Below this in-plane length the normal's in-plane part gives no direction.
constexpr double kNoInPlaneDirection = 1e-6;

Vec3 in_plane_direction(const ConstraintRecord& row, const Vec3& centre_a, const Vec3& centre_b) {
  const Vec3 projected(row.normal.x(), row.normal.y(), 0.0);
  if (projected.norm() > kNoInPlaneDirection) return projected.normalized();
  const Vec3 between(centre_b.x() - centre_a.x(), centre_b.y() - centre_a.y(), 0.0);
  if (between.norm() > kNoInPlaneDirection) return between.normalized();
  return Vec3::UnitX();
}

}  // namespace

int keep_pair_rows_in_plane(std::span<ConstraintRecord> rows) {
  int changed = 0;
  for (ConstraintRecord& row : rows) {
    if (!row.is_normal() || row.is_wall()) continue;
    const double in_plane = std::hypot(row.normal.x(), row.normal.y());
    if (in_plane >= std::abs(row.normal.z())) continue;
    const Vec3 centre_a = row.point_a - row.arm_a;
    const Vec3 centre_b = row.point_b - row.arm_b;
    geometry::SignedSeparation contact;
    contact.phi = row.phi;
    contact.point_a = row.point_a;
    contact.point_b = row.point_b;
    contact.normal = in_plane_direction(row, centre_a, centre_b);
    row.normal = contact.normal;
    row.row = geometry::pair_constraint_row(contact, centre_a, centre_b).values;
    ++changed;
  }
  return changed;
}

}  // namespace relcp::collision
