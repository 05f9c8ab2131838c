// relcp_lcp: solve one LCP from a file with any solver of relcp's suite, solve one Siconos
// FrictionContact3D problem (friction), or write one of Erleben's synthetic test problems.
// Usage in docs/lcp.md and docs/friction_lcp.md.

#include <CLI/CLI.hpp>

#include "common/app_main.hpp"
#include "core/error.hpp"
#include "friction_command.hpp"
#include "generate_command.hpp"
#include "solve_command.hpp"

int main(int argc, char** argv) {
  using namespace relcp::apps::lcp_cli;
  CLI::App app("relcp_lcp: solve linear complementarity problems w = M z + q >= 0, z >= 0, z^T w = 0", "relcp_lcp");
  app.require_subcommand(1);
  SolveArguments solve;
  GenerateArguments generate;
  FrictionArguments friction;
  add_solve_command(app, solve);
  add_generate_command(app, generate);
  add_friction_command(app, friction);
  return relcp::apps::run_app(app, argc, argv, [&]() -> int {
    if (app.got_subcommand("solve")) return run_solve(solve);
    if (app.got_subcommand("friction")) return run_friction(friction);
    return run_generate(generate);
  });
}
