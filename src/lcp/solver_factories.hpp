#pragma once
// One factory per solver; each is defined in that solver's own .cpp. Use make_solver(name)
// (registry.hpp) unless a test needs one solver type directly.

#include <memory>

#include "lcp/solver.hpp"

namespace relcp::lcp {

std::unique_ptr<LcpSolver> make_lemke_solver();
std::unique_ptr<LcpSolver> make_dantzig_solver();
std::unique_ptr<LcpSolver> make_pgs_solver();
std::unique_ptr<LcpSolver> make_psor_solver();
std::unique_ptr<LcpSolver> make_minmap_solver();
std::unique_ptr<LcpSolver> make_fischer_solver();
std::unique_ptr<LcpSolver> make_interior_point_solver();
std::unique_ptr<LcpSolver> make_bbpgd_solver();
std::unique_ptr<LcpSolver> make_apgd_solver();
std::unique_ptr<LcpSolver> make_mprgp_solver();
std::unique_ptr<LcpSolver> make_enumeration_solver();

}  // namespace relcp::lcp
