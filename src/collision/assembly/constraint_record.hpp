#pragma once
// One unilateral no-overlap constraint (digest relcp.md 1.4-1.6): a pair of bodies, or a body
// and a wall, with its row of the constraint Jacobian D^T (geometry::pair_constraint_row: 12
// non-zeros, 6 for a wall), the signed separation phi it was created with, its contact points and
// the shared normal. Records are plain data; ConstraintSet keeps one rank's records.

#include <Eigen/Core>
#include <tuple>

#include "core/types.hpp"
#include "geometry/signed_separation.hpp"

namespace relcp::collision {

inline constexpr GlobalId kNoBody = -1;

struct ConstraintRecord {
  GlobalId body_a = kNoBody;
  GlobalId body_b = kNoBody;  // kNoBody: a wall constraint
  int wall = -1;              // the wall's index when body_b == kNoBody
  // Distinguishes several constraints of one pair created together (multisphere sub-sphere
  // pairs): with the ids it is the row's sort key within a generation.
  int creation_index = 0;
  double phi = 0.0;  // signed separation where the row was built (< 0: overlap)
  Vec3 point_a = Vec3::Zero();
  Vec3 point_b = Vec3::Zero();
  Vec3 normal = Vec3::UnitX();  // outward from A toward B
  // d phi / dt = row . [u_a, omega_a, u_b, omega_b]; a wall row uses the first six entries.
  Eigen::Matrix<double, 12, 1> row = Eigen::Matrix<double, 12, 1>::Zero();

  bool is_wall() const { return body_b == kNoBody; }
};

// Rows are ordered by (body_a, body_b, wall, creation_index) within a generation; a wall row
// (body_b = kNoBody) comes before the pair rows of its body.
inline auto sort_key(const ConstraintRecord& record) {
  return std::make_tuple(record.body_a, record.body_b, record.wall, record.creation_index);
}

// A body pair. For a periodic domain `contact` and `centre_b` belong to the minimum image of B
// (particles::CandidatePair::offset_b): the row only involves differences of positions, so it
// applies unchanged to B's velocities.
ConstraintRecord pair_constraint(GlobalId body_a, GlobalId body_b,
                                 const geometry::SignedSeparation& contact, const Vec3& centre_a,
                                 const Vec3& centre_b, int creation_index = 0);

// A body against wall number `wall`; `contact` from the body-wall signed_separation.
ConstraintRecord wall_constraint(GlobalId body, int wall, const geometry::SignedSeparation& contact,
                                 const Vec3& centre, int creation_index = 0);

}  // namespace relcp::collision
