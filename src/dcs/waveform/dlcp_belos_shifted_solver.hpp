#pragma once
// (I - h A) x = b by Belos (pseudo-block CG or GMRES) on a Tpetra matrix, on one process.
// The only file that includes Trilinos headers is dlcp_belos_shifted_solver.cpp (compiled as
// C++17: Trilinos 13.2 headers do not parse as C++20); this interface is C++17-clean.

#include <memory>

#include "dcs/problems/dlcp_problem.hpp"
#include "dcs/waveform/dlcp_shifted_solver.hpp"

namespace relcp::dcs {

enum class BelosMethod { cg, gmres };

struct BelosSettings {
  BelosMethod method = BelosMethod::cg;
  double relative_tolerance = 1e-12;
  int max_iterations = 1000;
};

// shifted: the matrix I - h A itself.
std::unique_ptr<ShiftedSystemSolver> make_belos_shifted_solver(const RowSparseMatrix& shifted,
                                                               const BelosSettings& settings);

}  // namespace relcp::dcs
