#pragma once
// Solvers by name: lemke, dantzig, pgs, psor, minmap, fischer, ip, bbpgd, apgd, mprgp, enum.

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "lcp/solver.hpp"

namespace relcp::lcp {

// Throws InputError (key "--solver") for an unknown name, listing the known ones.
std::unique_ptr<LcpSolver> make_solver(std::string_view name);
std::vector<std::string> solver_names();

}  // namespace relcp::lcp
