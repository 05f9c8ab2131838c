#pragma once
// `relcp_lcp friction`: reads a Siconos FrictionContact3D problem (.dat, local form: W, q, mu),
// or a RollingFrictionContact problem (W, q, mu, mu_r; a file whose first number, the dimension,
// is 5), solves it with one of the frictional solvers (lcp/friction/friction_solvers.hpp, or
// rolling_friction_solvers.hpp: nsgs and newton_ac; the FC3D-only ones are refused) and prints
// one JSON object {"solver", "status", "iterations", "residual", "seconds", "n", "nnz",
// "contacts", "outer_iterations"} on stdout; "residual" is the Siconos error of the exact
// Coulomb problem (rolling_fc3d_compute_error for a rolling one), whatever formulation was solved. Exit code 0 when
// converged (that error within the tolerance), 3 otherwise (the JSON is still printed), 2 for bad input or usage.

#include <CLI/CLI.hpp>
#include <string>

namespace relcp::apps::lcp_cli {

struct FrictionArguments {
  std::string input;
  std::string solver = "nsgs";
  std::string tolerance;  // kept as text and checked by option_values.hpp
  std::string max_iterations;
  std::string out;
  std::string evaluate;  // reactions whose error is reported instead of a solve
};

void add_friction_command(CLI::App& app, FrictionArguments& arguments);
int run_friction(const FrictionArguments& arguments);

}  // namespace relcp::apps::lcp_cli
