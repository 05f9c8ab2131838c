#pragma once
// The dynamics layer's force fields for a scenario's `forces:` list, in the same order.

#include <vector>

#include "dynamics/force_field.hpp"
#include "io/scenario/scenario.hpp"

namespace relcp::io {

// `density`: of the inertial dynamics, for gravity's masses (the reader refuses gravity without).
dynamics::ForceFields make_force_fields(const std::vector<ForceSettings>& forces, double density);

}  // namespace relcp::io
