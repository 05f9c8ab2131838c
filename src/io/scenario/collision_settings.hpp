#pragma once
// The scenario's `collision:` section. Everything about contact resolution that a scenario can
// set lives here and in its reader (collision_section.cpp): to add a key (solver, tolerance,
// max_relcp_iterations, ...), add a field with its default below, its name to kCollisionKeys
// and one read in read_collision_section(); docs/scenario.md lists the keys.

#include <array>
#include <string_view>

#include "collision/strategies/contact_settings.hpp"

namespace relcp::io {

enum class CollisionStrategy { none, single, multisphere, relcp };

struct CollisionSettings {
  CollisionStrategy strategy = CollisionStrategy::none;
  // solver, tolerance, iteration caps, multisphere count, search buffer; its `strategy` field
  // follows `strategy` above when that is not none.
  collision::ContactSettings contact;
};

inline constexpr std::array<std::string_view, 19> kCollisionKeys{
    "strategy",           "solver",          "tolerance",         "solver_tolerance",
    "max_solver_iterations", "alm_penalty",  "alm_factorization", "minmap_krylov",     "minmap_krylov_iterations",
    "minmap_regularization", "preconditioner", "warm_start",
    "max_relcp_iterations", "on_max_relcp_iterations", "multisphere_count", "search_buffer",
    "friction", "friction_model", "max_coulomb_iterations"};

std::string_view name_of(CollisionStrategy strategy);

}  // namespace relcp::io
