#include "collision/solvers/distributed_solver_registry.hpp"

#include <algorithm>

#include "collision/solvers/body_space_parameters.hpp"
#include "collision/solvers/distributed_alm_solver.hpp"
#include "collision/solvers/distributed_auto_solver.hpp"
#include "collision/solvers/distributed_gradient_solvers.hpp"
#include "collision/solvers/distributed_ip_solver.hpp"
#include "collision/solvers/distributed_minmap_solver.hpp"
#include "collision/solvers/distributed_nsgs_solver.hpp"
#include "collision/solvers/minmap_parameters.hpp"
#include "collision/solvers/nsgs_parameters.hpp"
#include "core/error.hpp"
#include "core/named_table.hpp"

namespace relcp::collision {
namespace {

template <class Solver>
std::unique_ptr<DistributedLcpSolver> make_plain(const SolverParameterValues&) {
  return std::make_unique<Solver>();
}

template <class Solver, class Parameters>
std::unique_ptr<DistributedLcpSolver> make_with(const SolverParameterValues& values) {
  return std::make_unique<Solver>(Parameters::from(values));
}

NamedTable<DistributedSolverEntry>& table() {
  static NamedTable<DistributedSolverEntry> entries({
      {"auto",
       "apgd, or alm / ip once apgd finds the network hard (the default)",
       {.friction_cones = true, .jacobi_scaling = true},
       BodySpaceParameters::scenario_keys,
       make_with<DistributedAutoSolver, BodySpaceParameters>},
      {"bbpgd",
       "projected Barzilai-Borwein gradient",
       {.friction_cones = true, .jacobi_scaling = true, .cuda_backend = true},
       nullptr,
       make_plain<DistributedBbpgdSolver>},
      {"apgd",
       "accelerated projected gradient (Nesterov, with restarts)",
       {.friction_cones = true, .jacobi_scaling = true, .cuda_backend = true},
       nullptr,
       make_plain<DistributedApgdSolver>},
      {"mprgp",
       "Dostal's MPRGP: conjugate gradients on the free set",
       {.jacobi_scaling = true},
       nullptr,
       make_plain<DistributedMprgpSolver>},
      {"minmap",
       "minimum-map Newton with Belos Krylov solves of the reduced systems",
       {},
       MinMapParameters::scenario_keys,
       make_with<DistributedMinMapSolver, MinMapParameters>},
      {"alm",
       "augmented Lagrangian in the bodies' velocities, sparse Cholesky (gathered or MUMPS)",
       {},
       BodySpaceParameters::scenario_keys,
       make_with<DistributedAlmSolver, BodySpaceParameters>},
      {"ip",
       "Mehrotra's primal-dual interior point on alm's body-space Newton systems",
       {},
       BodySpaceParameters::scenario_keys,
       make_with<DistributedIpSolver, BodySpaceParameters>},
      {"nsgs",
       "nonsmooth Gauss-Seidel over the contacts, exact Coulomb friction without the CCP fixed point",
       {.friction_cones = true, .exact_coulomb = true},
       NsgsParameters::scenario_keys,
       make_with<DistributedNsgsSolver, NsgsParameters>},
  });
  return entries;
}

}  // namespace

const std::vector<DistributedSolverEntry>& distributed_solvers() { return table().entries(); }

void register_distributed_solver(const DistributedSolverEntry& entry) {
  table().add(entry, "register_distributed_solver");
}

const DistributedSolverEntry& distributed_solver(std::string_view name) {
  if (const DistributedSolverEntry* entry = table().find(name)) return *entry;
  throw InputError("solver", "unknown distributed solver '" + std::string(name) +
                                 "' (known: " + listed(distributed_solver_names()) + ")");
}

std::unique_ptr<DistributedLcpSolver> make_distributed_solver(std::string_view name,
                                                              const SolverParameterValues& parameters) {
  return distributed_solver(name).make(parameters);
}

std::vector<std::string> distributed_solver_names() { return table().names(); }

std::vector<std::string> distributed_solver_names_with(bool DistributedSolverCapabilities::*capability) {
  std::vector<std::string> names;
  for (const DistributedSolverEntry& entry : table().entries()) {
    if (entry.capabilities.*capability) names.emplace_back(entry.name);
  }
  return names;
}

std::vector<SolverParameterSpec> distributed_solver_scenario_keys() {
  std::vector<SolverParameterSpec> keys;
  for (const DistributedSolverEntry& entry : table().entries()) {
    if (entry.scenario_keys == nullptr) continue;
    for (const SolverParameterSpec& spec : entry.scenario_keys()) {
      const bool seen = std::any_of(keys.begin(), keys.end(),
                                    [&](const SolverParameterSpec& known) { return known.key == spec.key; });
      if (!seen) keys.push_back(spec);
    }
  }
  return keys;
}

}  // namespace relcp::collision
