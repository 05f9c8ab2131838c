#pragma once
// The dynamics layer's force fields for a scenario's `forces:` list, in the same order.

#include <vector>

#include "dynamics/force_field.hpp"
#include "io/scenario/scenario.hpp"

namespace relcp::io {

dynamics::ForceFields make_force_fields(const std::vector<ForceSettings>& forces);

}  // namespace relcp::io
