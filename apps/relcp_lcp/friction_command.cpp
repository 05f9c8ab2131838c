#include "friction_command.hpp"

#include <iostream>
#include <optional>

#include "core/error.hpp"
#include "core/exit_code.hpp"
#include "core/logging.hpp"
#include "json_report.hpp"
#include "lcp/friction/friction_solvers.hpp"
#include "lcp/io/siconos_friction_reader.hpp"
#include "option_values.hpp"
#include "result_output.hpp"

namespace relcp::apps::lcp_cli {
namespace {

namespace lcp = relcp::lcp;

std::string solver_list() {
  std::string names;
  for (const auto& name : lcp::friction_solver_names()) names += (names.empty() ? "" : ", ") + name;
  return names;
}

}  // namespace

void add_friction_command(CLI::App& app, FrictionArguments& arguments) {
  CLI::App* friction = app.add_subcommand(
      "friction", "solve one FrictionContact3D problem (Coulomb friction) and print a JSON report on stdout");
  friction->add_option("INPUT", arguments.input, "Siconos FrictionContact3D file (.dat, local form W, q, mu)")
      ->required();
  friction->add_option("--solver", arguments.solver,
                       "one of: " + solver_list() +
                           " (default nsgs). ccp, ccp_bbpgd: the convex relaxation (APGD, BBPGD), which "
                           "converges only where no contact slides; coulomb: exact Coulomb friction as a fixed "
                           "point of relaxations; nsgs: exact Coulomb friction by Gauss-Seidel over the contacts; "
                           "newton_ac: exact Coulomb friction by Newton on the Alart-Curnier function");
  friction->add_option("--tol,--tolerance", arguments.tolerance,
                       "tolerance on Siconos' error of the Coulomb problem, > 0 (default 1e-5)");
  friction->add_option("--max-iter,--max-iterations", arguments.max_iterations,
                       "iteration cap (gradient iterations; nsgs: sweeps; newton_ac: Newton steps), >= 0 (0: the "
                       "solver's default)");
  friction->add_option("--out", arguments.out, "write the reactions r here, one value per line (atomically)");
}

int run_friction(const FrictionArguments& arguments) {
  configure_logging("warn");
  lcp::FrictionSolverOptions options;
  if (!arguments.tolerance.empty()) options.tolerance = parse_positive_real("--tol", arguments.tolerance);
  if (!arguments.max_iterations.empty()) options.max_iterations = parse_count("--max-iter", arguments.max_iterations);
  if (!lcp::is_friction_solver_name(arguments.solver)) {
    throw InputError("--solver", "unknown friction solver '" + arguments.solver + "' (one of: " + solver_list() + ")");
  }
  const lcp::FrictionContactProblem problem = lcp::read_siconos_friction_dat(arguments.input);

  const lcp::FrictionSolverResult result = lcp::solve_friction(arguments.solver, problem, options);

  const std::optional<std::string> write_failure = write_result_vector(arguments.out, result.r, problem.size(), "r");

  JsonReport report;
  report["solver"] = arguments.solver;
  report["status"] = lcp::to_string(result.status);
  report["iterations"] = result.iterations;
  report["residual"] = result.error;
  report["seconds"] = result.seconds;
  report["n"] = problem.size();
  report["nnz"] = problem.local().nonzeros();
  report["contacts"] = problem.contacts();
  report["outer_iterations"] = result.outer_iterations;
  std::cout << report_line(report) << std::endl;

  if (write_failure) throw RunTimeFailure(*write_failure);
  return result.status == lcp::Status::converged ? kExitOk : kExitRunFailure;
}

}  // namespace relcp::apps::lcp_cli
