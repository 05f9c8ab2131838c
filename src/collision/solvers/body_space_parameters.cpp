#include "collision/solvers/body_space_parameters.hpp"

namespace relcp::collision {
namespace {

AlmFactorization factorization_named(const std::string& name) {
  if (name == "gathered") return AlmFactorization::gathered;
  if (name == "distributed") return AlmFactorization::distributed;
  return AlmFactorization::automatic;
}

}  // namespace

const std::vector<SolverParameterSpec>& BodySpaceParameters::scenario_keys() {
  static const std::vector<SolverParameterSpec> keys{
      {"alm_penalty",
       SolverParameterKind::positive_number,
       {},
       {},
       "alm: the augmented Lagrangian's starting penalty times lambda_max(A) (1e6)"},
      {"alm_factorization",
       SolverParameterKind::choice,
       {"auto", "gathered", "distributed"},
       "alm factorization",
       "alm, ip: where the Newton matrices are factorized (auto, gathered, distributed)"},
  };
  return keys;
}

BodySpaceParameters BodySpaceParameters::from(const SolverParameterValues& values) {
  BodySpaceParameters parameters;
  parameters.penalty = values.number("alm_penalty", parameters.penalty);
  parameters.factorization = factorization_named(values.choice("alm_factorization", "auto"));
  return parameters;
}

}  // namespace relcp::collision
