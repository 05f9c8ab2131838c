#include "friction_command.hpp"

#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "core/exit_code.hpp"
#include "core/logging.hpp"
#include "json_report.hpp"
#include "lcp/friction/friction_solvers.hpp"
#include "lcp/friction/rolling_friction_solvers.hpp"
#include "lcp/friction/siconos_friction_error.hpp"
#include "lcp/friction/siconos_rolling_error.hpp"
#include "lcp/io/siconos_friction_reader.hpp"
#include "lcp/io/siconos_rolling_friction_reader.hpp"
#include "lcp/io/solution_file.hpp"
#include "lcp/io/text_input.hpp"
#include "option_values.hpp"
#include "result_output.hpp"

namespace relcp::apps::lcp_cli {
namespace {

namespace lcp = relcp::lcp;

std::string name_list(const std::vector<std::string>& names) {
  std::string list;
  for (const auto& name : names) list += (list.empty() ? "" : ", ") + name;
  return list;
}

std::string solver_list() { return name_list(lcp::friction_solver_names()); }

// What every problem kind reports the same way. With --evaluate, `result` holds only r and its
// error.
struct SolvedProblem {
  lcp::FrictionSolverResult result;
  lcp::Index size = 0;
  lcp::Index nonzeros = 0;
  lcp::Index contacts = 0;
};

template <class Problem>
SolvedProblem sizes_of(const Problem& problem) {
  return {{}, problem.size(), problem.local().nonzeros(), problem.contacts()};
}

SolvedProblem solve_rolling(const FrictionArguments& arguments, const std::string& text,
                            const lcp::FrictionSolverOptions& options) {
  if (!lcp::is_rolling_friction_solver_name(arguments.solver)) {
    throw InputError("--solver", "'" + arguments.solver + "' solves FrictionContact3D problems only, and " +
                                     arguments.input + " is a RollingFrictionContact problem (dimension 5; one of: " +
                                     name_list(lcp::rolling_friction_solver_names()) + ")");
  }
  const lcp::RollingFrictionProblem problem = lcp::parse_siconos_rolling_friction_dat(text, arguments.input);
  SolvedProblem solved = sizes_of(problem);
  if (arguments.evaluate.empty()) {
    solved.result = lcp::solve_rolling_friction(arguments.solver, problem, options);
  } else {
    solved.result.r = lcp::read_solution(arguments.evaluate, problem.size());
    solved.result.error = lcp::siconos_rolling_error(problem, solved.result.r);
  }
  return solved;
}

SolvedProblem solve_fc3d(const FrictionArguments& arguments, const std::string& text,
                         const lcp::FrictionSolverOptions& options) {
  const lcp::FrictionContactProblem problem = lcp::parse_siconos_friction_dat(text, arguments.input);
  SolvedProblem solved = sizes_of(problem);
  if (arguments.evaluate.empty()) {
    solved.result = lcp::solve_friction(arguments.solver, problem, options);
  } else {
    solved.result.r = lcp::read_solution(arguments.evaluate, problem.size());
    solved.result.error = lcp::siconos_friction_error(problem, solved.result.r);
  }
  return solved;
}

// --evaluate: the error of given reactions, no solve; always exit 0.
int report_evaluation(const FrictionArguments& arguments, const SolvedProblem& solved) {
  JsonReport report;
  report["evaluate"] = arguments.evaluate;
  report["residual"] = solved.result.error;
  report["n"] = solved.size;
  report["nnz"] = solved.nonzeros;
  report["contacts"] = solved.contacts;
  std::cout << report_line(report) << std::endl;
  return kExitOk;
}

}  // namespace

void add_friction_command(CLI::App& app, FrictionArguments& arguments) {
  CLI::App* friction = app.add_subcommand(
      "friction",
      "solve one FrictionContact3D problem (Coulomb friction) or RollingFrictionContact problem (Coulomb and "
      "rolling friction) and print a JSON report on stdout");
  friction
      ->add_option("INPUT", arguments.input,
                   "Siconos FrictionContact3D file (.dat, local form W, q, mu), or RollingFrictionContact file (W, q, "
                   "mu, mu_r): told apart by the first number, the dimension (3 or 5)")
      ->required();
  friction->add_option("--solver", arguments.solver,
                       "one of: " + solver_list() +
                           " (default nsgs). ccp, ccp_bbpgd: the convex relaxation (APGD, BBPGD), which "
                           "converges only where no contact slides; coulomb: exact Coulomb friction as a fixed "
                           "point of relaxations; nsgs: exact Coulomb friction by Gauss-Seidel over the contacts; "
                           "newton_ac: exact Coulomb friction by Newton on the Alart-Curnier function. Rolling "
                           "problems: nsgs or newton_ac only");
  friction->add_option("--tol,--tolerance", arguments.tolerance,
                       "tolerance on Siconos' error of the Coulomb (or rolling friction) problem, > 0 (default 1e-5)");
  friction->add_option("--max-iter,--max-iterations", arguments.max_iterations,
                       "iteration cap (gradient iterations; nsgs: sweeps; newton_ac: Newton steps), >= 0 (0: the "
                       "solver's default)");
  friction->add_option("--out", arguments.out, "write the reactions r here, one value per line (atomically)");
  friction->add_option("--evaluate", arguments.evaluate,
                       "do not solve: print {\"evaluate\", \"residual\", \"n\", \"nnz\", \"contacts\"}, "
                       "residual being Siconos' error of the reactions in this file (one value per line, as --out "
                       "writes them), and exit 0");
}

int run_friction(const FrictionArguments& arguments) {
  configure_logging("warn");
  lcp::FrictionSolverOptions options;
  if (!arguments.tolerance.empty()) options.tolerance = parse_positive_real("--tol", arguments.tolerance);
  if (!arguments.max_iterations.empty()) options.max_iterations = parse_count("--max-iter", arguments.max_iterations);
  if (!lcp::is_friction_solver_name(arguments.solver)) {
    throw InputError("--solver", "unknown friction solver '" + arguments.solver + "' (one of: " + solver_list() + ")");
  }
  const std::string text = lcp::text::read_file(arguments.input);
  const bool rolling = lcp::looks_like_siconos_rolling_friction_dat(text);
  const SolvedProblem solved = rolling ? solve_rolling(arguments, text, options) : solve_fc3d(arguments, text, options);
  if (!arguments.evaluate.empty()) return report_evaluation(arguments, solved);
  const lcp::FrictionSolverResult& result = solved.result;

  const std::optional<std::string> write_failure = write_result_vector(arguments.out, result.r, solved.size, "r");

  JsonReport report;
  report["solver"] = arguments.solver;
  report["status"] = lcp::to_string(result.status);
  report["iterations"] = result.iterations;
  report["residual"] = result.error;
  report["seconds"] = result.seconds;
  report["n"] = solved.size;
  report["nnz"] = solved.nonzeros;
  report["contacts"] = solved.contacts;
  report["outer_iterations"] = result.outer_iterations;
  std::cout << report_line(report) << std::endl;

  if (write_failure) throw RunTimeFailure(*write_failure);
  return result.status == lcp::Status::converged ? kExitOk : kExitRunFailure;
}

}  // namespace relcp::apps::lcp_cli
