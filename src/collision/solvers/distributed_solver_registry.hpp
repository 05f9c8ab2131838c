#pragma once
// The one table of distributed LCP solvers (docs/extending.md, "A distributed solver"): name,
// one-line summary, capabilities, scenario keys and factory. Scenario validation, the choices in
// error messages and --help, and the parametrized tests all read it; a new solver is one entry
// in distributed_solver_registry.cpp (or one register_distributed_solver call) and its class.

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "collision/solvers/distributed_solver.hpp"
#include "collision/solvers/solver_parameters.hpp"
#include "core/listed_names.hpp"

namespace relcp::collision {

struct DistributedSolverCapabilities {
  // Projects onto Coulomb cones, so it solves the frictional CCP (DistributedSolverOptions::cones).
  bool friction_cones = false;
  // Accepts preconditioner jacobi (DistributedSolverOptions::diagonal).
  bool jacobi_scaling = false;
  // Iterates on the GPU with backend cuda (DistributedSolverOptions::backend; docs/gpu.md).
  bool cuda_backend = false;
  // Solves the exact Coulomb problem itself (DistributedSolverOptions::exact_coulomb) instead of
  // the fixed point of CCPs (docs/friction.md).
  bool exact_coulomb = false;
};

struct DistributedSolverEntry {
  std::string_view name;
  std::string_view summary;  // one line, for --help and docs
  DistributedSolverCapabilities capabilities;
  // The scenario keys of its parameters (several solvers may share a family's keys); none: null.
  const std::vector<SolverParameterSpec>& (*scenario_keys)() = nullptr;
  std::unique_ptr<DistributedLcpSolver> (*make)(const SolverParameterValues& parameters) = nullptr;
};

// Every solver, the built-in ones first in a fixed order, then those registered at run time.
const std::vector<DistributedSolverEntry>& distributed_solvers();

// Adds a solver (tests register toys). Throws std::invalid_argument for a name already taken.
void register_distributed_solver(const DistributedSolverEntry& entry);

// Throws InputError (key "solver") for an unknown name, listing the known ones.
const DistributedSolverEntry& distributed_solver(std::string_view name);
std::unique_ptr<DistributedLcpSolver> make_distributed_solver(std::string_view name,
                                                              const SolverParameterValues& parameters = {});

std::vector<std::string> distributed_solver_names();
// The names of the solvers that have a capability, e.g. `&DistributedSolverCapabilities::friction_cones`.
std::vector<std::string> distributed_solver_names_with(bool DistributedSolverCapabilities::*capability);
// The scenario keys of every solver, each once, in table order.
std::vector<SolverParameterSpec> distributed_solver_scenario_keys();

}  // namespace relcp::collision
