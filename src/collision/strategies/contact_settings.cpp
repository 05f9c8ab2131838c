#include "collision/strategies/contact_settings.hpp"

#include <utility>

#include "collision/device/cuda_backend.hpp"
#include "collision/solvers/distributed_auto_solver.hpp"
#include "collision/solvers/distributed_solver_registry.hpp"
#include "collision/strategies/strategy_registry.hpp"
#include "core/error.hpp"

namespace relcp::collision {

void validate_contact_settings(const ContactSettings& settings) {
  (void)contact_strategy(settings.strategy.name);  // validates the name
  const DistributedSolverCapabilities can = distributed_solver(settings.solver.name).capabilities;
  const bool jacobi = settings.solver.preconditioner == DistributedPreconditioner::jacobi;
  if (jacobi && !can.jacobi_scaling) {
    throw InputError(
        "preconditioner",
        "jacobi applies to the " +
            listed(distributed_solver_names_with(&DistributedSolverCapabilities::jacobi_scaling), " and ") +
            " solvers, not " + settings.solver.name);
  }
  if (settings.solver.backend == ComputeBackend::cuda) {
    if (!can.cuda_backend) {
      throw InputError(
          "backend", "cuda runs the " +
                         listed(distributed_solver_names_with(&DistributedSolverCapabilities::cuda_backend), " and ") +
                         " solvers, not " + settings.solver.name);
    }
    if (jacobi) throw InputError("backend", "cuda does not take preconditioner jacobi: use none");
    if (settings.friction.coefficients.resist_rotation()) {
      throw InputError("backend",
                       "cuda projects Coulomb cones only: rolling_friction and spinning_friction need backend cpu");
    }
  }
  for (const auto& [key, backend] : {std::pair{"detection_backend", settings.detection_backend},
                                     std::pair{"pair_search_backend", settings.pair_search_backend}}) {
    if (backend == ComputeBackend::cuda && !cuda_backend_built()) {
      throw InputError(key, "cuda needs relcp built with CUDA (cmake -DRELCP_CUDA=ON); this build has none");
    }
  }
  if (settings.friction.any()) {
    if (!can.friction_cones) {
      throw InputError(
          "solver", "friction needs a solver that projects onto its cones: " +
                        listed(distributed_solver_names_with(&DistributedSolverCapabilities::friction_cones), " or ") +
                        ", not " + settings.solver.name);
    }
  }
}

DistributedSolverOptions contact_solver_options(const ContactSettings& settings) {
  DistributedSolverOptions options;
  options.tolerance = settings.effective_solver_tolerance();
  options.max_iterations = settings.solver.max_iterations;
  options.record_history = false;
  options.preconditioner = effective_preconditioner(settings, false);  // per LCP in ContactResolver::solve_lcp
  options.backend = settings.solver.backend;
  return options;
}

DistributedPreconditioner effective_preconditioner(const ContactSettings& settings, bool has_cones) {
  if (settings.solver.preconditioner != DistributedPreconditioner::automatic) return settings.solver.preconditioner;
  const bool scales = distributed_solver(settings.solver.name).capabilities.jacobi_scaling;
  return has_cones && scales && settings.solver.backend == ComputeBackend::cpu ? DistributedPreconditioner::jacobi
                                                                               : DistributedPreconditioner::none;
}

bool line_contact_rows_wanted(const ContactSettings& settings, std::int64_t first_rows) {
  switch (settings.strategy.line_contact_rows) {
    case LineContactRows::on:
      return true;
    case LineContactRows::off:
      return false;
    case LineContactRows::automatic:
      break;
  }
  const std::string& solver = settings.solver.name;
  return solver == "ip" || (solver == "auto" && first_rows >= kAutoFarInteriorPointRows);
}

}  // namespace relcp::collision
