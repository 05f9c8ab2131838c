// relcp_lcp: solve one LCP from a file with any solver of relcp's suite, or write one of
// Erleben's synthetic test problems. Usage in docs/lcp.md.

#include <CLI/CLI.hpp>

#include "common/app_main.hpp"
#include "core/error.hpp"
#include "generate_command.hpp"
#include "solve_command.hpp"

int main(int argc, char** argv) {
  using namespace relcp::apps::lcp_cli;
  CLI::App app("relcp_lcp: solve linear complementarity problems w = M z + q >= 0, z >= 0, z^T w = 0",
               "relcp_lcp");
  app.require_subcommand(1);
  SolveArguments solve;
  GenerateArguments generate;
  add_solve_command(app, solve);
  add_generate_command(app, generate);
  return relcp::apps::run_app(app, argc, argv, [&]() -> int {
    if (app.got_subcommand("solve")) return run_solve(solve);
    return run_generate(generate);
  });
}
