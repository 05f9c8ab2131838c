#include "solve_command.hpp"

#include <iostream>
#include <optional>

#include "core/error.hpp"
#include "core/exit_code.hpp"
#include "core/logging.hpp"
#include "core/stopwatch.hpp"
#include "json_report.hpp"
#include "lcp/io/matrix_market_reader.hpp"
#include "lcp/io/siconos_dat_reader.hpp"
#include "lcp/io/solution_file.hpp"
#include "lcp/registry.hpp"
#include "lcp/residual.hpp"
#include "option_values.hpp"
#include "result_output.hpp"

namespace relcp::apps::lcp_cli {
namespace {

namespace lcp = relcp::lcp;

lcp::LcpProblem load_problem(const SolveArguments& arguments) {
  const bool from_dat = !arguments.input.empty();
  const bool from_market = !arguments.matrix.empty() || !arguments.vector.empty();
  if (from_dat == from_market) {
    throw InputError("INPUT", from_dat ? "give either INPUT or --matrix/--vector, not both"
                                       : "missing input: give INPUT (.dat) or --matrix M.mtx --vector q.mtx");
  }
  if (from_market) {
    if (arguments.matrix.empty()) throw InputError("--matrix", "missing (--vector needs --matrix)");
    if (arguments.vector.empty()) throw InputError("--vector", "missing (--matrix needs --vector)");
    return lcp::read_matrix_market_lcp(arguments.matrix, arguments.vector);
  }
  if (std::filesystem::path(arguments.input).extension() == ".mtx") {
    throw InputError(arguments.input, 0, "INPUT", "MatrixMarket input needs --matrix M.mtx --vector q.mtx");
  }
  return lcp::read_siconos_dat(arguments.input);
}

// Options that do not depend on the problem, checked before any file is read.
lcp::SolverOptions checked_options(const SolveArguments& arguments) {
  lcp::SolverOptions options;
  if (!arguments.tolerance.empty()) options.tolerance = parse_positive_real("--tol", arguments.tolerance);
  if (!arguments.max_iterations.empty()) options.max_iterations = parse_count("--max-iter", arguments.max_iterations);
  if (!arguments.relaxation.empty())
    options.relaxation = parse_open_interval("--relax", arguments.relaxation, 0.0, 2.0);
  if (!arguments.jacobian.empty()) options.jacobian = parse_jacobian("--jacobian", arguments.jacobian);
  if (!arguments.globalization.empty()) {
    options.minmap_globalization = parse_globalization("--globalization", arguments.globalization);
  }
  options.record_history = false;
  return options;
}

std::string default_solver_name(const lcp::LcpProblem& problem) {
  return problem.size() <= kLemkeDefaultLimit ? "lemke" : "fischer";
}

// The residual of what the solver returned, computed here rather than trusted.
double reported_residual(const lcp::LcpProblem& problem, const lcp::SolverResult& result) {
  if (result.z.size() != problem.size() || !result.z.allFinite()) return result.residual;
  return lcp::natural_residual(problem, result.z);
}

}  // namespace

void add_solve_command(CLI::App& app, SolveArguments& arguments) {
  CLI::App* solve = app.add_subcommand("solve", "solve one LCP and print a JSON report on stdout");
  solve->add_option("INPUT", arguments.input, "Siconos numerics LCP file (.dat), dense or sparse-block storage");
  solve->add_option("--matrix", arguments.matrix, "MatrixMarket file of M (with --vector)");
  solve->add_option("--vector", arguments.vector, "MatrixMarket file of q (with --matrix)");
  std::string names;
  for (const auto& name : lcp::solver_names()) names += (names.empty() ? "" : ", ") + name;
  solve->add_option("--solver", arguments.solver,
                    "one of: " + names + " (default: lemke for n <= 2000, fischer above)");
  solve->add_option("--tol", arguments.tolerance, "tolerance on ||min(z, Mz+q)||_inf, > 0 (default 1e-8)");
  solve->add_option("--max-iter", arguments.max_iterations, "iteration cap, >= 0 (0: the solver's default)");
  solve->add_option("--relax", arguments.relaxation, "psor relaxation, in (0, 2) (default 1.4)");
  solve->add_option("--jacobian", arguments.jacobian,
                    "fischer Jacobian strategy: random, zero, perturbation (default), approximation");
  solve->add_option("--globalization", arguments.globalization, "minmap step rule: fischer_burmeister (default), none");
  solve->add_option("--warm-start", arguments.warm_start, "starting z, one value per line (or a .mtx vector)");
  solve->add_option("--out", arguments.out, "write z here, one value per line (atomically)");
}

int run_solve(const SolveArguments& arguments) {
  configure_logging("warn");
  lcp::SolverOptions options = checked_options(arguments);
  std::optional<std::unique_ptr<lcp::LcpSolver>> named_solver;
  if (!arguments.solver.empty()) named_solver = lcp::make_solver(arguments.solver);
  const lcp::LcpProblem problem = load_problem(arguments);
  if (!arguments.warm_start.empty()) options.warm_start = lcp::read_solution(arguments.warm_start, problem.size());
  const std::unique_ptr<lcp::LcpSolver> solver =
      named_solver ? std::move(*named_solver) : lcp::make_solver(default_solver_name(problem));

  const Stopwatch stopwatch;
  const lcp::SolverResult result = solver->solve(problem, options);
  const double seconds = stopwatch.seconds();

  const std::optional<std::string> write_failure = write_result_vector(arguments.out, result.z, problem.size(), "z");

  JsonReport report;
  report["solver"] = solver->name();
  report["status"] = lcp::to_string(result.status);
  report["iterations"] = result.iterations;
  report["residual"] = reported_residual(problem, result);
  report["seconds"] = seconds;
  report["n"] = problem.size();
  report["nnz"] = problem.nonzeros();
  std::cout << report_line(report) << std::endl;

  if (write_failure) throw RunTimeFailure(*write_failure);
  return result.status == lcp::Status::converged ? kExitOk : kExitRunFailure;
}

}  // namespace relcp::apps::lcp_cli
