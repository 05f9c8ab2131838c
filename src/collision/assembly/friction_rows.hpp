#pragma once
// Coulomb friction on the constraint rows (docs/friction.md): each contact with a positive
// coefficient gets two tangent rows after its normal row, and the local rows' cones for the
// solvers (lcp::FrictionCones).

#include <vector>

#include "collision/assembly/constraint_record.hpp"
#include "collision/assembly/constraint_set.hpp"
#include "lcp/friction/friction_cone.hpp"

namespace relcp::collision {

// The Coulomb coefficient of every body pair, and of each wall (by index; a negative entry, or a
// wall beyond the list, takes the pairs' coefficient).
struct FrictionCoefficients {
  double pairs = 0.0;
  std::vector<double> walls;

  double of(const ConstraintRecord& record) const;
  bool any() const;
};

// The normal rows `normals`, each frictional one followed by its tangent rows along
// t1 = unit_perpendicular(n) and t2 = n x t1.
std::vector<ConstraintRecord> with_friction_rows(const std::vector<ConstraintRecord>& normals,
                                                 const FrictionCoefficients& coefficients);

// The cones of the local rows of `set`: one block per normal row followed by its two tangent
// rows. Throws std::logic_error for a tangent row out of place.
lcp::FrictionCones friction_cones(const ConstraintSet& set);

}  // namespace relcp::collision
