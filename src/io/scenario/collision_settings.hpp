#pragma once
// The scenario's `collision:` section (docs/scenario.md). Strategy and solver names come from the
// collision layer's tables (strategy_registry.hpp, distributed_solver_registry.hpp), and so do
// the solvers' own keys: a new strategy or solver adds nothing here. A key of the section
// itself is a field of collision::ContactSettings, its name in kCollisionSectionKeys and one read
// in read_collision_section() (docs/extending.md, "A scenario key").

#include <array>
#include <string_view>
#include <vector>

#include "collision/strategies/contact_settings.hpp"

namespace relcp::io {

struct CollisionSettings {
  bool enabled = false;  // collision.strategy is not `none`
  // The strategy (contact.strategy.name, when enabled), the solver and its parameters, friction.
  collision::ContactSettings contact;

  std::string_view strategy_name() const { return enabled ? std::string_view(contact.strategy.name) : "none"; }
};

// The section's own keys; the solvers' keys come on top (collision_keys()).
inline constexpr auto kCollisionSectionKeys = std::to_array<std::string_view>({"strategy",
                                                                               "solver",
                                                                               "tolerance",
                                                                               "solver_tolerance",
                                                                               "max_solver_iterations",
                                                                               "preconditioner",
                                                                               "backend",
                                                                               "warm_start",
                                                                               "max_relcp_iterations",
                                                                               "on_max_relcp_iterations",
                                                                               "multisphere_count",
                                                                               "search_buffer",
                                                                               "relcp_carried_rows",
                                                                               "relcp_line_contact_rows",
                                                                               "friction",
                                                                               "rolling_friction",
                                                                               "spinning_friction",
                                                                               "friction_model",
                                                                               "max_coulomb_iterations",
                                                                               "max_coulomb_rescue_sweeps",
                                                                               "detection_backend",
                                                                               "pair_search_backend"});

// The coefficients of friction and rotation resistance, in the collision section (every pair) and
// in each wall: sliding (Coulomb), rolling, spinning (docs/friction.md).
inline constexpr auto kFrictionCoefficientKeys =
    std::to_array<std::string_view>({"friction", "rolling_friction", "spinning_friction"});

// Every key the section accepts: its own and every registered solver's.
std::vector<std::string_view> collision_keys();

}  // namespace relcp::io
