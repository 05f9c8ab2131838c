#pragma once
// The knob of the nonsmooth Gauss-Seidel solver "nsgs" (docs/friction.md, "nsgs on every rank")
// and its scenario key.

#include "collision/solvers/solver_parameters.hpp"

namespace relcp::collision {

enum class NsgsSweeps {
  ranks,     // every rank sweeps its own contacts, block Jacobi between ranks (rank_block_nsgs.hpp)
  gathered,  // the whole LCP swept on rank 0 (body_space_nsgs.hpp)
};

struct NsgsParameters {
  NsgsSweeps sweeps = NsgsSweeps::ranks;  // key nsgs_sweeps

  static const std::vector<SolverParameterSpec>& scenario_keys();
  static NsgsParameters from(const SolverParameterValues& values);
};

}  // namespace relcp::collision
