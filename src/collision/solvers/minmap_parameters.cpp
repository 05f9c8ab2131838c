#include "collision/solvers/minmap_parameters.hpp"

namespace relcp::collision {

const std::vector<SolverParameterSpec>& MinMapParameters::scenario_keys() {
  static const std::vector<SolverParameterSpec> keys{
      {"minmap_krylov",
       SolverParameterKind::choice,
       {"cg", "gmres"},
       "Krylov method",
       "minmap: Belos method of the reduced Newton systems (cg, gmres)"},
      {"minmap_krylov_iterations",
       SolverParameterKind::count,
       {},
       {},
       "minmap: Krylov iterations per Newton step at most (300)"},
      {"minmap_regularization",
       SolverParameterKind::non_negative_number,
       {},
       {},
       "minmap: kappa of the Levenberg-Marquardt shift; 0: plain Newton until a step fails (1e-4)"},
  };
  return keys;
}

MinMapParameters MinMapParameters::from(const SolverParameterValues& values) {
  MinMapParameters parameters;
  parameters.krylov = values.choice("minmap_krylov", "cg") == "gmres" ? KrylovMethod::gmres : KrylovMethod::cg;
  parameters.krylov_max_iterations =
      static_cast<int>(values.number("minmap_krylov_iterations", parameters.krylov_max_iterations));
  parameters.regularization = values.number("minmap_regularization", parameters.regularization);
  return parameters;
}

}  // namespace relcp::collision
