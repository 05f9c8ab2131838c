#include "collision/strategies/contact_settings.hpp"

#include "core/error.hpp"

namespace relcp::collision {

void validate_solver_settings(const ContactSettings& settings) {
  (void)make_distributed_solver(settings.solver);  // validates the name
  const bool jacobi = settings.preconditioner == DistributedPreconditioner::jacobi;
  if (jacobi && (settings.solver == "minmap" || settings.solver == "alm" || settings.solver == "ip")) {
    throw InputError("preconditioner",
                     "jacobi applies to the bbpgd, apgd and mprgp solvers, not " + settings.solver);
  }
  if (settings.friction.any()) {
    const bool cone_solver = settings.solver == "apgd" || settings.solver == "bbpgd" || settings.solver == "auto";
    if (!cone_solver) {
      throw InputError("solver", "friction needs a solver that projects onto its cones: apgd, bbpgd or auto, not " +
                                     settings.solver);
    }
    if (jacobi) throw InputError("preconditioner", "jacobi scaling does not keep the friction cones: use none");
  }
}

DistributedSolverOptions contact_solver_options(const ContactSettings& settings) {
  DistributedSolverOptions options;
  options.tolerance = settings.effective_solver_tolerance();
  options.max_iterations = settings.max_solver_iterations;
  options.record_history = false;
  options.preconditioner = settings.preconditioner;
  options.alm_penalty = settings.alm_penalty;
  options.alm_factorization = settings.alm_factorization;
  options.krylov = settings.minmap_krylov;
  options.krylov_max_iterations = settings.minmap_krylov_iterations;
  options.minmap_regularization = settings.minmap_regularization;
  return options;
}

}  // namespace relcp::collision
