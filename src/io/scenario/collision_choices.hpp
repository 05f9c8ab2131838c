#pragma once
// The strategies, solvers and solver keys a scenario's collision section may name, as text for
// `relcp_sim --help`, made from the collision layer's tables (docs/extending.md).

#include <string>

namespace relcp::io {

std::string collision_choices_help();

}  // namespace relcp::io
