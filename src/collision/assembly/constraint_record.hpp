#pragma once
// One unilateral no-overlap constraint (Palmer et al. 2025, eqs. (10)-(11)): a pair of bodies, or
// a body and a wall, with its row of the constraint Jacobian D^T (geometry::pair_constraint_row:
// 12 non-zeros, 6 for a wall), the signed separation phi it was created with, its contact points
// and the shared normal. Records are plain data; ConstraintSet keeps one rank's records.
//
// With Coulomb friction (docs/friction.md) a contact is three consecutive records: its normal
// row, then the rows of the two tangential directions (role tangent_1, tangent_2: the same
// bodies, points and key, the row of d(t . (y_b - y_a))/dt, phi = 0), all carrying the
// contact's coefficient. The three forces lie in the cone ||f_t|| <= friction f_n. Rolling
// resistance adds two records (rolling_1, rolling_2: the relative rotation rate about the tangents
// times the effective radius) and spinning resistance one (spinning: about the normal), each
// bounded by its coefficient times f_n.

#include <Eigen/Core>
#include <tuple>

#include "core/types.hpp"
#include "geometry/separation/signed_separation.hpp"

namespace relcp::collision {

inline constexpr GlobalId kNoBody = -1;

enum class RowRole : int { normal = 0, tangent_1 = 1, tangent_2 = 2, rolling_1 = 3, rolling_2 = 4, spinning = 5 };

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
  // The lever arms y - x of the contact points about the centres the row was built with.
  Vec3 arm_a = Vec3::Zero();
  Vec3 arm_b = Vec3::Zero();
  RowRole role = RowRole::normal;
  double friction = 0.0;  // the contact's Coulomb coefficient; 0 (and no resistance): no tangent rows
  double rolling = 0.0;   // its rolling resistance coefficient (> 0: rolling rows)
  double spinning = 0.0;  // its spinning resistance coefficient (> 0: a spinning row)
  // A tangent row's unit direction; a rolling or spinning row's axis.
  Vec3 tangent = Vec3::Zero();

  bool is_wall() const { return body_b == kNoBody; }
  bool is_normal() const { return role == RowRole::normal; }
  bool is_tangent() const { return role == RowRole::tangent_1 || role == RowRole::tangent_2; }
  // A normal row whose contact has a cone (tangent rows, maybe rolling and spinning rows).
  bool has_cone() const { return is_normal() && (friction > 0.0 || rolling > 0.0 || spinning > 0.0); }
};

// Rows are ordered by (is wall, body_a, body_b, wall, creation_index, role) within a generation:
// the pair rows by their bodies, then the wall rows, and a contact's tangent, rolling and spinning
// rows follow its normal row in that order. Walls come last because the strategies list the pair
// rows (in the neighbour search's order, already sorted) and then the wall rows: a generation then
// arrives sorted and is never permuted (sorting it was 4 % of a frictional step, docs/collision.md).
inline auto sort_key(const ConstraintRecord& record) {
  return std::make_tuple(record.is_wall(), record.body_a, record.body_b, record.wall, record.creation_index,
                         static_cast<int>(record.role));
}

// A body pair. For a periodic domain `contact` and `centre_b` belong to the minimum image of B
// (particles::CandidatePair::offset_b): the row only involves differences of positions, so it
// applies unchanged to B's velocities.
ConstraintRecord pair_constraint(GlobalId body_a, GlobalId body_b, const geometry::SignedSeparation& contact,
                                 const Vec3& centre_a, const Vec3& centre_b, int creation_index = 0);

// A body against wall number `wall`; `contact` from the body-wall signed_separation.
ConstraintRecord wall_constraint(GlobalId body, int wall, const geometry::SignedSeparation& contact, const Vec3& centre,
                                 int creation_index = 0);

}  // namespace relcp::collision
