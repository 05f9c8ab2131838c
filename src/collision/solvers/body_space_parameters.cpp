#include "collision/solvers/body_space_parameters.hpp"

namespace relcp::collision {
namespace {

AlmFactorization factorization_named(const std::string& name) {
  if (name == "gathered") return AlmFactorization::gathered;
  if (name == "distributed") return AlmFactorization::distributed;
  if (name == "substructured") return AlmFactorization::substructured;
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
       {"auto", "gathered", "distributed", "substructured"},
       "alm factorization",
       "alm, ip: where the Newton matrices are factorized (auto, gathered, distributed, substructured)"},
      {"newton_reuse_iterations",
       SolverParameterKind::non_negative_count,
       {},
       {},
       "alm, ip: CG iterations on the last factorization before a changed Newton matrix is refactorized (10)"},
      {"newton_update_fraction",
       SolverParameterKind::fraction,
       {},
       {},
       "alm, ip: largest fraction of rows changed that updates a CHOLMOD factorization instead of refactorizing "
       "(0.02)"},
      {"alm_carry",
       SolverParameterKind::choice,
       {"resolves", "none"},
       "alm carry",
       "alm, gathered or substructured: whether ReLCP's re-solves start from the previous solve's factorization "
       "(resolves, none)"},
  };
  return keys;
}

BodySpaceParameters BodySpaceParameters::from(const SolverParameterValues& values) {
  BodySpaceParameters parameters;
  parameters.penalty = values.number("alm_penalty", parameters.penalty);
  parameters.factorization = factorization_named(values.choice("alm_factorization", "auto"));
  parameters.reuse_iterations = static_cast<int>(values.number("newton_reuse_iterations", parameters.reuse_iterations));
  parameters.update_fraction = values.number("newton_update_fraction", parameters.update_fraction);
  parameters.carry_factorization = values.choice("alm_carry", "resolves") == "resolves";
  return parameters;
}

}  // namespace relcp::collision
