#include "collision/solvers/nsgs_parameters.hpp"

namespace relcp::collision {

const std::vector<SolverParameterSpec>& NsgsParameters::scenario_keys() {
  static const std::vector<SolverParameterSpec> keys{
      {"nsgs_sweeps",
       SolverParameterKind::choice,
       {"ranks", "gathered"},
       "nsgs sweeps",
       "nsgs (and the Coulomb rescue): every rank sweeps its own contacts (ranks), or rank 0 the gathered "
       "LCP (gathered)"},
  };
  return keys;
}

NsgsParameters NsgsParameters::from(const SolverParameterValues& values) {
  NsgsParameters parameters;
  parameters.sweeps = values.choice("nsgs_sweeps", "ranks") == "gathered" ? NsgsSweeps::gathered : NsgsSweeps::ranks;
  return parameters;
}

}  // namespace relcp::collision
