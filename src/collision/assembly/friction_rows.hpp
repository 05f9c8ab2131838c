#pragma once
// Coulomb friction, rolling and spinning resistance on the constraint rows (docs/friction.md):
// each contact with a positive coefficient gets two tangent rows after its normal row, then two
// rolling rows and a spinning row where those coefficients are positive, and the local rows'
// cones for the solvers (lcp::FrictionCones).

#include <array>
#include <vector>

#include "collision/assembly/constraint_record.hpp"
#include "collision/assembly/constraint_set.hpp"
#include "lcp/friction/friction_cone.hpp"

namespace relcp::collision {

// One coefficient of every body pair, and of each wall (by index; a negative entry, or a wall
// beyond the list, takes the pairs' coefficient).
struct ContactCoefficient {
  double pairs = 0.0;
  std::vector<double> walls;

  double of(const ConstraintRecord& record) const;
  bool any() const;
};

struct FrictionCoefficients {
  ContactCoefficient sliding;   // Coulomb's mu
  ContactCoefficient rolling;   // dimensionless: the rolling torque is at most rolling R_eff f_n
  ContactCoefficient spinning;  // dimensionless: the spinning torque is at most spinning R_eff f_n

  bool any() const { return sliding.any() || rolling.any() || spinning.any(); }
  // sliding, rolling, spinning, in that order.
  std::array<const ContactCoefficient*, 3> all() const { return {&sliding, &rolling, &spinning}; }
  std::array<ContactCoefficient*, 3> all() { return {&sliding, &rolling, &spinning}; }
  bool resist_rotation() const { return rolling.any() || spinning.any(); }
};

// The effective radius of a contact's rolling and spinning resistance: |arm_a| |arm_b| /
// (|arm_a| + |arm_b|) for a pair (R_a R_b / (R_a + R_b) for spheres), |arm_a| against a wall.
double effective_radius(const ConstraintRecord& normal);

// The normal rows `normals`, each with a cone followed by its tangent rows along
// t1 = unit_perpendicular(n) and t2 = n x t1, then its rolling rows about t1 and t2 and its
// spinning row about n where those coefficients are positive.
std::vector<ConstraintRecord> with_friction_rows(const std::vector<ConstraintRecord>& normals,
                                                 const FrictionCoefficients& coefficients);

// The cones of the local rows of `set`: one block per normal row with a cone and the rows that
// follow it. Throws std::logic_error for a row out of place.
lcp::FrictionCones friction_cones(const ConstraintSet& set);

}  // namespace relcp::collision
